import { known } from '../invariant';
import type { Appliers } from '../appliers';
import { hexKey } from '../hex';
import type { EnemyEvent } from './enemies.events';

export const enemyAppliers: Appliers<EnemyEvent> = {
  EnemySpawned(state, { data }) {
    state.enemySeq += 1;
    known(state.ships, data.shipId).enemiesOnDeck.push({
      enemyId: data.enemyId,
      kind: data.kind,
      name: data.name,
      check: data.check,
      node: data.node,
    });
  },
  EnemyRepelled(state, { data }) {
    const ship = known(state.ships, data.shipId);
    ship.enemiesOnDeck = ship.enemiesOnDeck.filter((e) => e.enemyId !== data.enemyId);
  },
  AltarPurged(state, { data }) {
    // purgedAltars holds the hex keys of purged altar hexes.
    state.purgedAltars.push(hexKey(data.hex));
  },
};

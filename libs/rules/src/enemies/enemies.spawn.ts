// [D §8, after N] An enemy spawns On Deck of a ship. Navigation calls it when a ship enters a hex
// of a tile with an unpurged altar; a failed purge calls it too.
import { defined, known } from '../invariant';
import { pickIndex } from '../characters/cards';
import type { Decision } from '../decision';
import { isNodeFree, nodeZone } from '../nodes';
import { dealStructuralDamage } from '../damage/structural-damage';

/** [D §8] the first free blank node of the ship's deck, in deck order. */
export const firstFreeBlankNode = (decision: Decision, shipId: string): string | undefined => {
  const ship = known(decision.state.ships, shipId);
  return ship.nodes.find((n) => nodeZone(n) === 'blank' && isNodeFree(ship, n));
};

/**
 * [D §8] an enemy drawn at random from the scenario's enemy pool takes the first free blank node
 * On Deck; with no free blank node it deals 1 structural damage instead. [D] an empty pool spawns nothing.
 */
export function spawnEnemyOnDeck(decision: Decision, shipId: string, reason: string): void {
  const pool = decision.state.enemyPool;
  if (pool.length === 0) return;
  const node = firstFreeBlankNode(decision, shipId);
  if (node === undefined) {
    dealStructuralDamage(decision, shipId, 1, `enemy-spawn:${reason}`);
    return;
  }
  const def = defined(pool[pickIndex(decision, pool.length)], 'an enemy of the pool');
  decision.emit({
    type: 'EnemySpawned',
    data: {
      shipId,
      enemyId: `enemy-${decision.state.enemySeq + 1}`,
      kind: def.enemyId,
      name: def.name,
      check: def.check,
      node,
      reason,
    },
  });
}

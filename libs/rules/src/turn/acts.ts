// [D §10, after N] the party's clue total drives the acts and the win.
import { defined, known } from '../invariant';
import { placeTileHexes } from '../board';
import type { Decision } from '../decision';
import { isOccupied } from '../queries';
import type { GameState } from '../state';
import type { EnemyShipSpawn } from './turn.events';
import { winScenario } from './scenario-end';

export const FINAL_ACT = 3;

/** The clue total that starts `act` (2 or 3), from the scenario's thresholds. */
export const actThreshold = (state: GameState, act: number): number => (act === 2 ? state.actThresholds.act2 : state.actThresholds.act3);

/**
 * [D §10] every discovered enemy-ship spawn hex, in the order the tiles were placed. A hex is
 * discovered once a placed tile covers it.
 */
export const discoveredSpawnHexes = (state: GameState) =>
  state.tiles.flatMap((placed) =>
    placeTileHexes(known(state.tileLibrary, placed.tileId), placed.anchor, placed.rotation, state.storms).filter((h) => h.enemyShipSpawn),
  );

/** [D §10] when an act ends, an enemy ship from the pool spawns on every discovered unoccupied spawn hex. */
function drawEnemyShips(decision: Decision, toAct: number): EnemyShipSpawn[] {
  const pool = [...decision.state.enemyShipPool];
  const spawned: EnemyShipSpawn[] = [];
  for (const hex of discoveredSpawnHexes(decision.state)) {
    if (pool.length === 0) break; // [D] an empty pool spawns nothing
    if (isOccupied(decision.state, hex)) continue;
    const cardId = defined(pool.splice(decision.rng.int(0, pool.length - 1), 1)[0], 'a card of the enemy ship pool');
    spawned.push({ enemyShipId: `spawn-a${toAct}@${hex.q},${hex.r}`, cardId, hex: { q: hex.q, r: hex.r }, facing: 0 });
  }
  return spawned;
}

/**
 * Called whenever clues were gained: [D §1] reaching the goal wins at once; otherwise every act
 * threshold crossed advances the act by one (possibly twice for a big find).
 */
export function afterCluesGained(decision: Decision): void {
  const state = decision.state;
  if (state.clues >= state.clueGoal) {
    winScenario(decision);
    return;
  }
  while (state.act < FINAL_ACT && state.clues >= actThreshold(state, state.act + 1)) {
    const to = state.act + 1;
    decision.emit({
      type: 'ActAdvanced',
      data: { from: state.act, to, clues: state.clues, spawned: drawEnemyShips(decision, to) },
    });
  }
}

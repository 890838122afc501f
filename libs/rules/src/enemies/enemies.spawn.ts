// [D §8, after N] An enemy spawns On Deck of a ship. OWNED BY issue 4's work; navigation calls it
// when a ship enters a hex of a tile with an unpurged altar.
import type { Decision } from '../decision';

export function spawnEnemyOnDeck(_decision: Decision, _shipId: string, _reason: string): void {
  throw new Error('spawnEnemyOnDeck: not implemented yet (issue 4)');
}

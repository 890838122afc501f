// [N] where one move forward leads, shared by the Move action and the pass-through search.
import { neighbor, type Facing, type Hex } from '../hex';
import { boardHex, enemyShipAt } from '../queries';
import { ENTERABLE_TERRAINS } from '../scenario';
import type { GameState } from '../state';
import { navigationActionCost } from './navigation-cost';

export type MoveCheck = { ok: true; to: Hex; cost: number } | { ok: false; rule: string; message: string };

/**
 * [N] a move goes one hex in the facing direction; [D §2] onto a covered hex of enterable
 * terrain; [D §7] never into a hex with an enemy ship.
 */
export function checkMove(state: GameState, from: Hex, facing: Facing): MoveCheck {
  const to = neighbor(from, facing);
  const target = boardHex(state, to);
  if (!target) {
    return { ok: false, rule: 'navigation.hex-not-covered', message: 'The ship can only move onto a hex covered by a map tile' };
  }
  if (!ENTERABLE_TERRAINS.includes(target.terrain)) {
    return { ok: false, rule: 'navigation.terrain-not-enterable', message: `Ships cannot enter ${target.terrain}` };
  }
  if (enemyShipAt(state, to)) {
    return { ok: false, rule: 'navigation.enemy-ship', message: 'An enemy ship stands on that hex' };
  }
  return { ok: true, to, cost: navigationActionCost(state, from, to) };
}

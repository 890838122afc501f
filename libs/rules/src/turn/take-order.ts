// The appliers' side of an order, apart from orders.ts: that file checks orders on a Decision,
// and a Decision applies events through evolve.ts, which imports every feature's appliers.
import { defined } from '../invariant';
import type { GameState } from '../state';

/**
 * Applier helper for every event that issues an order (Navigation, Crew, Artillery): it uses one
 * of the turn's orders and [S] closes the repair window, which is only open before any order.
 */
export function takeOrder(state: GameState): void {
  const turn = defined(state.turn, 'the turn');
  turn.ordersLeft -= 1;
  turn.ordersTaken += 1;
  turn.repairAvailable = false;
}

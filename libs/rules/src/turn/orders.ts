// [N] the Navigation Order is one of three standard orders; [D §5] a turn allows `ordersPerTurn`
// of them (scenario data, default 3), each resolved completely before the next.
import type { Decision } from '../decision';
import { ensure } from '../errors';
import type { GameState } from '../state';

/** Rejects an order when the active seat has none left this turn. */
export function ensureOrderAvailable(decision: Decision): void {
  const turn = decision.state.turn;
  ensure(turn && turn.ordersLeft > 0, 'turn.no-orders-left', 'No orders left this turn: end your turn');
}

/**
 * Applier helper for every event that issues an order (Navigation, Crew, Artillery): it uses one
 * of the turn's orders and [S] closes the repair window, which is only open before any order.
 */
export function takeOrder(state: GameState): void {
  const turn = state.turn!;
  turn.ordersLeft -= 1;
  turn.ordersTaken += 1;
  turn.repairAvailable = false;
}

// [N] the Navigation Order is one of three standard orders; [D §5] a turn allows `ordersPerTurn`
// of them (scenario data, default 3), each resolved completely before the next.
import type { Decision, PlayDecision } from '../decision';
import { ensure } from '../errors';
import { characterOfSeat, requireCommandedShip } from '../queries';
import type { OrderGiven } from './turn.events';

/** Rejects an order when the active seat has none left this turn. */
export function ensureOrderAvailable(decision: Decision): void {
  const turn = decision.reading.turn;
  ensure(turn && turn.ordersLeft > 0, 'turn.no-orders-left', 'No orders left this turn: end your turn');
}

/** What beginOrder (and every order's start) can refuse: the ship the seat commands, an order left. */
export const ORDER_RULES: readonly string[] = ['ship.not-commanding', 'turn.no-orders-left'];

/**
 * The start of every Crew and Artillery order: the seat's character and the ship it commands,
 * an order left this turn. The order's own checks follow; `give()` then records OrderGiven.
 */
export function beginOrder(decision: PlayDecision, order: OrderGiven['data']['order'], action: OrderGiven['data']['action']) {
  const seat = decision.seat;
  const character = characterOfSeat(decision.state, seat);
  const ship = requireCommandedShip(decision.state, seat);
  ensureOrderAvailable(decision);
  return {
    seat,
    character,
    ship,
    give: (): void => decision.emit({ type: 'OrderGiven', data: { seat, order, action } }),
  };
}

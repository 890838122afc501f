// [N] the Navigation order itself: its points, opening it, spending, and closing it.
import { known } from '../invariant';
import type { Decision, PlayDecision } from '../decision';
import { ensure } from '../errors';
import { crewInZone } from '../nodes';
import { isOccupied, requireCommandedShip } from '../queries';
import type { NavigationState, PlayerShipState } from '../state';
import { ensureOrderAvailable } from '../turn/orders';

/** [N] one point by default, plus one per crew member manning a Navigation Node On Deck. */
export const navigationPoints = (ship: PlayerShipState): number => 1 + crewInZone(ship, 'navigation').length;

/** The open order and its ship, as the decision reads them now (`Decision.reading`: no draft before the first event). */
export const openOrder = (decision: Decision): { navigation: NavigationState; ship: PlayerShipState } => {
  const navigation = decision.reading.navigation;
  ensure(navigation, 'navigation.no-open-order', 'Start a Navigation order first');
  return { navigation, ship: known(decision.reading.ships, navigation.shipId) };
};

/** [N] an action whose cost exceeds the points left is illegal. */
export const spend = (decision: Decision, cost: number): void => {
  const { navigation } = openOrder(decision);
  ensure(cost <= navigation.pointsLeft, 'navigation.insufficient-points', `This action costs ${cost} navigation points; ${navigation.pointsLeft} left`);
};

/** [N] a Navigation order is one of the standard orders of the commander's turn. */
export function startOrder(decision: PlayDecision, shipId?: string): void {
  const ship = requireCommandedShip(decision.reading, decision.seat);
  ensure(!shipId || shipId === ship.shipId, 'ship.not-commanding', 'You command another ship');
  ensureOrderAvailable(decision);
  decision.emit({ type: 'NavigationOrderIssued', data: { shipId: ship.shipId, points: navigationPoints(ship) } });
}

/**
 * [N] the order may end whenever the player wants, but never with the ship on an occupied hex;
 * points cannot be saved: whatever is left is lost.
 */
export function endOrder(decision: Decision): void {
  const { navigation, ship } = openOrder(decision);
  ensure(!isOccupied(decision.reading, ship.hex, ship.shipId), 'navigation.ends-on-occupied-hex', 'The ship may not end its movement on an occupied hex');
  decision.emit({ type: 'NavigationOrderCompleted', data: { shipId: navigation.shipId, unusedPoints: navigation.pointsLeft } });
}

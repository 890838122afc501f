// [N] Turn: one 60 degree step clockwise or counter-clockwise.
import type { Decision } from '../decision';
import { ensure } from '../errors';
import { turnFacing, type TurnDirection } from '../hex';
import { isStorm } from '../queries';
import { dealStructuralDamage } from '../damage/structural-damage';
import { turnCost } from './navigation-cost';
import { openOrder, spend } from './navigation-order';
import { ensureWayOut } from './occupied';

export const STORM_TURN_DAMAGE = 1;

export function decideTurn(decision: Decision, direction: TurnDirection): void {
  ensure(direction === 'cw' || direction === 'ccw', 'command.invalid', "direction must be 'cw' or 'ccw'");
  // The checks read the state without drafting it (`reading`); only the event writes.
  const state = decision.reading;
  const { navigation, ship } = openOrder(decision);
  // [S, D] an anchored ship cannot be turned.
  ensure(!ship.anchored, 'ship.anchored', 'An anchored ship cannot be turned: weigh anchor first');
  const cost = turnCost(state, ship.hex);
  spend(decision, cost);
  const to = turnFacing(ship.facing, direction);
  ensureWayOut(state, ship, { hex: ship.hex, facing: to }, navigation.pointsLeft - cost);

  const onStorm = isStorm(state, ship.hex);
  decision.emit({ type: 'ShipTurned', data: { shipId: ship.shipId, from: ship.facing, to, cost } });
  // [N] on a Storm, each action that changes the ship's orientation causes 1 Damage to the ship;
  // [S §9] that damage is structural and may open a response window.
  if (onStorm) dealStructuralDamage(decision, ship.shipId, STORM_TURN_DAMAGE, 'storm');
}

import type { CommandSpecs } from '../command-spec';
import type { Decision } from '../decision';
import { ensure } from '../errors';
import { neighbor, turnFacing } from '../hex';
import { crewInZone } from '../nodes';
import { boardHex, characterOfSeat, enemyShipAt, requireCommandedShip } from '../queries';
import { companyForMove } from '../ships/commanding';
import { ENTERABLE_TERRAINS } from '../scenario';
import type { PlayerShipState } from '../state';
import { navigationActionCost } from './navigation-cost';
import type { NavigationCommand } from './navigation.commands';

/** [N] one point by default, plus one per crew member manning a Navigation Node On Deck. */
export const navigationPoints = (ship: PlayerShipState): number => 1 + crewInZone(ship, 'navigation').length;

const openOrder = (decision: Decision) => {
  const navigation = decision.state.navigation;
  ensure(navigation, 'navigation.no-open-order', 'Start a Navigation order first');
  return { navigation, ship: decision.state.ships[navigation.shipId] };
};

const spend = (decision: Decision, cost: number) => {
  const { navigation } = openOrder(decision);
  ensure(
    cost <= navigation.pointsLeft,
    'navigation.insufficient-points',
    `This action costs ${cost} navigation points; ${navigation.pointsLeft} left`,
  );
};

export function decideMove(decision: Decision): void {
  const { ship } = openOrder(decision);
  ensure(!ship.anchored, 'ship.anchored', 'An anchored ship cannot be moved');
  const to = neighbor(ship.hex, ship.facing);
  const target = boardHex(decision.state, to);
  ensure(target, 'navigation.hex-not-covered', 'The ship can only move onto a hex covered by a map tile');
  ensure(ENTERABLE_TERRAINS.includes(target.terrain), 'navigation.terrain-not-enterable', `Ships cannot enter ${target.terrain}`);
  ensure(!enemyShipAt(decision.state, to), 'navigation.enemy-ship', 'An enemy ship stands on that hex');
  const cost = navigationActionCost(decision.state, ship.hex, to);
  spend(decision, cost);
  const commander = characterOfSeat(decision.state, decision.seat!);
  const company = companyForMove(decision.state, ship.shipId, commander.characterId);
  decision.emit({ type: 'ShipMoved', data: { shipId: ship.shipId, from: ship.hex, to, cost, ...company } });
}

export function decideTurn(decision: Decision, direction: 'cw' | 'ccw'): void {
  const { ship } = openOrder(decision);
  ensure(!ship.anchored, 'ship.anchored', 'An anchored ship cannot be turned');
  const cost = navigationActionCost(decision.state, ship.hex, ship.hex);
  spend(decision, cost);
  const to = turnFacing(ship.facing, direction);
  decision.emit({ type: 'ShipTurned', data: { shipId: ship.shipId, from: ship.facing, to, cost } });
}

export const navigationCommands: CommandSpecs<NavigationCommand> = {
  StartNavigation: {
    actor: 'active-seat',
    decide(decision, command) {
      const seat = decision.seat!;
      const ship = requireCommandedShip(decision.state, seat);
      ensure(!command.shipId || command.shipId === ship.shipId, 'ship.not-commanding', 'You command another ship');
      ensure(decision.state.turn!.ordersLeft > 0, 'turn.no-orders-left', 'No orders left this turn');
      decision.emit({ type: 'NavigationOrderIssued', data: { shipId: ship.shipId, points: navigationPoints(ship) } });
    },
  },
  MoveShip: { actor: 'active-seat', duringNavigation: true, decide: (decision) => decideMove(decision) },
  TurnShip: {
    actor: 'active-seat',
    duringNavigation: true,
    decide: (decision, command) => decideTurn(decision, command.direction),
  },
  EndNavigation: {
    actor: 'active-seat',
    duringNavigation: true,
    decide(decision) {
      const { navigation } = openOrder(decision);
      // [N] points cannot be saved: whatever is left is lost.
      decision.emit({
        type: 'NavigationOrderCompleted',
        data: { shipId: navigation.shipId, unusedPoints: navigation.pointsLeft },
      });
    },
  },
};

// [D] Crew orders: standard orders of the commander's turn that work the ship's deck.
import type { CommandSpecs } from '../command-spec';
import type { PlayDecision } from '../decision';
import { ensure } from '../errors';
import { isNodeFree } from '../nodes';
import { requireCommandedShip } from '../queries';
import type { PlayerShipState } from '../state';
import { ORDER_RULES, ensureOrderAvailable } from '../turn/orders';
import type { CrewCommand, MoveCrew } from './crew.commands';

const crewOrderShip = (decision: PlayDecision): PlayerShipState => {
  const ship = requireCommandedShip(decision.state, decision.seat);
  ensureOrderAvailable(decision);
  return ship;
};

/** [D] move one crew member to a free node (one crew member or one enemy per node). */
function decideMoveCrew(decision: PlayDecision, command: MoveCrew): void {
  const ship = crewOrderShip(decision);
  const crew = ship.crew.find((c) => c.crewId === command.crewId);
  ensure(crew, 'crew.unknown-crew', `No crew member ${command.crewId} aboard ${ship.name}`);
  ensure(ship.nodes.includes(command.node), 'crew.unknown-node', `${ship.name} has no node ${command.node}`);
  ensure(isNodeFree(ship, command.node), 'crew.node-occupied', `Node ${command.node} is not free`);
  decision.emit({ type: 'CrewMoved', data: { shipId: ship.shipId, crewId: crew.crewId, from: crew.node, to: command.node } });
}

export const crewCommands: CommandSpecs<CrewCommand> = {
  MoveCrew: {
    actor: 'active-seat',
    decide: decideMoveCrew,
    rules: [...ORDER_RULES, 'crew.unknown-crew', 'crew.unknown-node', 'crew.node-occupied'],
    candidates: ({ ships, wide }) => [
      ...ships.flatMap((ship) => ship.crew.flatMap((crew) => ship.nodes.map((node) => ({ type: 'MoveCrew' as const, crewId: crew.crewId, node })))),
      ...(wide ? [{ type: 'MoveCrew' as const, crewId: 'nobody', node: 'navigation-1' }] : []),
    ],
  },
  DropAnchor: {
    actor: 'active-seat',
    decide(decision) {
      const ship = crewOrderShip(decision);
      ensure(!ship.anchored, 'ship.already-anchored', `${ship.name} is already at anchor`);
      decision.emit({ type: 'AnchorDropped', data: { shipId: ship.shipId } });
    },
    rules: [...ORDER_RULES, 'ship.already-anchored'],
    candidates: () => [{ type: 'DropAnchor' }],
  },
  WeighAnchor: {
    actor: 'active-seat',
    decide(decision) {
      const ship = crewOrderShip(decision);
      ensure(ship.anchored, 'ship.not-anchored', `${ship.name} is not at anchor`);
      decision.emit({ type: 'AnchorWeighed', data: { shipId: ship.shipId } });
    },
    rules: [...ORDER_RULES, 'ship.not-anchored'],
    candidates: () => [{ type: 'WeighAnchor' }],
  },
};

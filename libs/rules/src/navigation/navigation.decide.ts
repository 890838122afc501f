import type { CommandSpecs } from '../command-spec';
import { decideExplore } from './explore';
import { decideMove } from './move';
import type { NavigationCommand } from './navigation.commands';
import { endOrder, startOrder } from './navigation-order';
import { decideNavigate } from './plan';
import { decideTurn } from './turn-ship';

export { navigationPoints } from './navigation-order';
export { decideMove } from './move';
export { decideTurn } from './turn-ship';

export const navigationCommands: CommandSpecs<NavigationCommand> = {
  StartNavigation: { actor: 'active-seat', decide: (decision, command) => startOrder(decision, command.shipId) },
  MoveShip: { actor: 'active-seat', duringNavigation: true, decide: (decision) => decideMove(decision) },
  TurnShip: { actor: 'active-seat', duringNavigation: true, decide: (decision, command) => decideTurn(decision, command.direction) },
  ExploreTile: { actor: 'active-seat', duringNavigation: true, decide: (decision, command) => decideExplore(decision, command.rotation) },
  EndNavigation: { actor: 'active-seat', duringNavigation: true, decide: (decision) => endOrder(decision) },
  // A whole order: it may not start while another is open.
  Navigate: { actor: 'active-seat', decide: (decision, command) => decideNavigate(decision, command) },
};

import type { DomainCommand } from '../event';
import type { TurnDirection } from '../hex';

export interface StartNavigation extends DomainCommand<'StartNavigation'> {
  /** Defaults to the ship the seat's character commands. */
  shipId?: string;
}
export type MoveShip = DomainCommand<'MoveShip'>;
export interface TurnShip extends DomainCommand<'TurnShip'> {
  direction: TurnDirection;
}
export type EndNavigation = DomainCommand<'EndNavigation'>;

export type NavigationCommand = StartNavigation | MoveShip | TurnShip | EndNavigation;

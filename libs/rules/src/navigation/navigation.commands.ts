import type { DomainCommand } from '../event';
import type { Rotation, TurnDirection } from '../hex';

/** [N] issue a Navigation order: it stays open until EndNavigation. */
export interface StartNavigation extends DomainCommand<'StartNavigation'> {
  /** Optional check: the ship the seat's character commands (the only one it may navigate). */
  shipId?: string;
}
/**
 * [D] A navigation action may open its order itself: `startNavigation: true` issues the Navigation
 * order first, exactly as StartNavigation would (the same checks, the same event), and the action
 * follows in the same command; refused, as StartNavigation is, while an order is open already.
 */
export interface OpensNavigation {
  /** [D] issue the Navigation order first, as StartNavigation would, in the same command (refused while one is open). */
  startNavigation?: boolean;
}
/** [N] move one hex in the facing direction. */
export interface MoveShip extends DomainCommand<'MoveShip'>, OpensNavigation {}
/** [N] turn one step (60 degrees) clockwise or counter-clockwise. */
export interface TurnShip extends DomainCommand<'TurnShip'>, OpensNavigation {
  direction: TurnDirection;
}
/** [N] explore the faced hex: draw the next tile of the current or previous act and place it. */
export interface ExploreTile extends DomainCommand<'ExploreTile'>, OpensNavigation {
  /** 0–5; [D] used when the tile fits that way, else the first of 0..5 that fits. */
  rotation?: Rotation;
}
/** [N] end the open Navigation order; unused points are lost. */
export interface EndNavigation extends DomainCommand<'EndNavigation'> {
  /** [D] then end the turn in the same command, exactly as EndTurn would. */
  endTurn?: boolean;
}

export type NavigationStep = { action: 'move' } | { action: 'turn'; direction: TurnDirection } | { action: 'explore'; rotation?: Rotation };

/** A whole Navigation order in one command: start, the steps in order, end — all or nothing. */
export interface Navigate extends DomainCommand<'Navigate'> {
  steps: NavigationStep[];
}

export type NavigationCommand = StartNavigation | MoveShip | TurnShip | ExploreTile | EndNavigation | Navigate;

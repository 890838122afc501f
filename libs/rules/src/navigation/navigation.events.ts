import type { DomainEvent } from '../event';
import type { Facing, Hex } from '../hex';

export type NavigationOrderIssued = DomainEvent<'NavigationOrderIssued', { shipId: string; points: number }>;
export type ShipMoved = DomainEvent<
  'ShipMoved',
  {
    shipId: string;
    from: Hex;
    to: Hex;
    cost: number;
    /** [S] characters that moved with the commander. */
    carried: string[];
    /** [S] characters who did not move with it: no longer on the ship, left where the move began. */
    leftBehind: string[];
  }
>;
export type ShipTurned = DomainEvent<'ShipTurned', { shipId: string; from: Facing; to: Facing; cost: number }>;
export type NavigationOrderCompleted = DomainEvent<'NavigationOrderCompleted', { shipId: string; unusedPoints: number }>;

export type NavigationEvent = NavigationOrderIssued | ShipMoved | ShipTurned | NavigationOrderCompleted;

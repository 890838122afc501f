import type { DomainEvent } from '../event';
import type { Facing, Hex, Rotation } from '../hex';
import type { TileDefinition } from '../scenario';

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
/**
 * [N] a tile drawn and placed. The tile is public once placed, so its face travels here (unplaced
 * faces are secret in GameCreated); the rest of the stack is never named in any event.
 */
export type TileExplored = DomainEvent<
  'TileExplored',
  { shipId: string; tileId: string; hex: Hex; rotation: Rotation; clues: number; cost: number; tile: TileDefinition }
>;
export type NavigationOrderCompleted = DomainEvent<'NavigationOrderCompleted', { shipId: string; unusedPoints: number }>;

export type NavigationEvent = NavigationOrderIssued | ShipMoved | ShipTurned | TileExplored | NavigationOrderCompleted;

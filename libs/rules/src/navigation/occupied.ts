// [N] "one player ship can sail through a space occupied by another player ship, as long as it
// has enough movement points to move to an unoccupied space before it ends its movement."
import { defined } from '../invariant';
import { ensure } from '../errors';
import { hexKey, turnFacing, type Facing, type Hex } from '../hex';
import { isOccupied } from '../queries';
import type { GameState, PlayerShipState } from '../state';
import { turnCost } from './navigation-cost';
import { checkMove } from './sailing';

interface Position {
  hex: Hex;
  facing: Facing;
  points: number;
}

/**
 * A real search over moves and turns with their real costs (rough seas, storms, enemy ships,
 * other player ships passed through): can the ship, standing at `start` with `points` left,
 * reach a hex no other ship occupies? Exploring is not part of the search: what a tile would
 * reveal is hidden. Each (hex, facing) is expanded again only with more points than before.
 */
export function canReachUnoccupied(state: GameState, ship: PlayerShipState, start: Omit<Position, 'points'>, points: number): boolean {
  // Mostly the hex reached is free: answered before any search is set up.
  if (!isOccupied(state, start.hex, ship.shipId)) return true;
  const best = new Map<string, number>();
  const frontier: Position[] = [{ hex: start.hex, facing: start.facing, points }];
  while (frontier.length > 0) {
    const at = defined(frontier.pop(), 'a hex to visit');
    if (!isOccupied(state, at.hex, ship.shipId)) return true;
    // [S, D] an anchored ship neither moves nor turns.
    if (ship.anchored) continue;
    const key = `${hexKey(at.hex)}/${at.facing}`;
    if ((best.get(key) ?? -1) >= at.points) continue;
    best.set(key, at.points);
    const move = checkMove(state, at.hex, at.facing);
    if (move.ok && move.cost <= at.points) frontier.push({ hex: move.to, facing: at.facing, points: at.points - move.cost });
    const cost = turnCost(state, at.hex);
    if (cost <= at.points) {
      frontier.push({ hex: at.hex, facing: turnFacing(at.facing, 'cw'), points: at.points - cost });
      frontier.push({ hex: at.hex, facing: turnFacing(at.facing, 'ccw'), points: at.points - cost });
    }
  }
  return false;
}

/**
 * [N] checked after every action that leaves the ship on an occupied hex: the order may never
 * reach a point where it cannot end, so a ship only stays in another player ship's hex while it
 * can still get out with the points it has left.
 */
export function ensureWayOut(state: GameState, ship: PlayerShipState, at: Omit<Position, 'points'>, pointsAfter: number): void {
  ensure(
    canReachUnoccupied(state, ship, at, pointsAfter),
    'navigation.no-unoccupied-hex-reachable',
    'A ship may pass through another player ship only if its points left can still reach an unoccupied hex',
  );
}

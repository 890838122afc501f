// [N] Explore: draw the next map tile and place it on the hex the ship faces.
import { own } from '../own';
import { known } from '../invariant';
import { placementRotation } from '../board';
import type { Decision } from '../decision';
import { ensure } from '../errors';
import { isFacing, neighbor, type Rotation } from '../hex';
import { crewInZone } from '../nodes';
import { boardHex } from '../queries';
import type { GameState } from '../state';
import { afterCluesGained } from '../turn/acts';
import { exploreCost, hasWayfinder } from './navigation-cost';
import { openOrder, spend } from './navigation-order';
import { ensureWayOut } from './occupied';

/** [N] the first tile in the unplaced stack of the current or the previous act. */
export const nextTileForAct = (state: GameState): string | undefined =>
  state.stack.find((tileId) => {
    const act = own(state.tileLibrary, tileId)?.act;
    return act === state.act || act === state.act - 1;
  });

export function decideExplore(decision: Decision, wished?: Rotation): void {
  ensure(wished === undefined || isFacing(wished), 'command.invalid', 'rotation must be a whole number from 0 to 5');
  const { navigation, ship } = openOrder(decision);
  const state = decision.state;
  // [N] a crew member in the Crow's Nest Node, or a WAYFINDER aboard.
  ensure(
    hasWayfinder(ship) || crewInZone(ship, 'crows-nest').length > 0,
    'explore.no-lookout',
    "Exploring needs a crew member in the Crow's Nest or a WAYFINDER aboard",
  );
  const hex = neighbor(ship.hex, ship.facing);
  // [N] the faced hex must not be covered by a map tile.
  ensure(!boardHex(state, hex), 'explore.hex-covered', 'The ship must face a hex no map tile covers');
  // [N] tiles remain in the unplaced stack matching the current or previous act.
  const tileId = nextTileForAct(state);
  ensure(tileId, 'explore.no-tile-for-act', `No map tile of act ${state.act} or the act before is left to explore`);
  const cost = exploreCost(state, ship);
  spend(decision, cost);
  // [N] the ship does not move; it may still be passing through another ship's hex (checked
  // on the board as it is: what the new tile reveals must not decide whether the command is legal).
  ensureWayOut(state, ship, { hex: ship.hex, facing: ship.facing }, navigation.pointsLeft - cost);
  // [N] place the tile so it covers the explored hex; [D] if it fits no way, exploring there is
  // illegal. The message never names the tile: the stack stays secret.
  const tile = known(state.tileLibrary, tileId);
  const rotation = placementRotation(state, tile, hex, wished);
  ensure(rotation !== undefined, 'explore.no-fit', 'The next map tile cannot be placed on that hex at any rotation');

  // [N] gain the clues on the back of the tile.
  decision.emit({ type: 'TileExplored', data: { shipId: ship.shipId, tileId, hex, rotation, clues: tile.clues, cost, tile } });
  afterCluesGained(decision);
}

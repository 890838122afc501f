// Placing map tiles on the board [D §2] and the questions [N] rules ask about tiles.
import { own } from './own';
import { isDraft } from 'immer';
import { forReading } from './draft-read';
import { FACINGS, addHex, hexKey, rotateOffset, type Hex, type Rotation } from './hex';
import type { TileDefinition } from './scenario';
import type { BoardHex, GameState } from './state';

/** The board hexes a tile covers when its anchor stands on `anchor` at `rotation`. */
export const placeTileHexes = (tile: TileDefinition, anchor: Hex, rotation: Rotation, storms: readonly Hex[]): BoardHex[] =>
  tile.hexes.map((h) => {
    const at = addHex(anchor, rotateOffset(h, rotation));
    const boardHex: BoardHex = {
      q: at.q,
      r: at.r,
      terrain: h.terrain,
      tileId: tile.tileId,
      storm: storms.some((s) => s.q === at.q && s.r === at.r),
      enemyShipSpawn: h.enemyShipSpawn ?? false,
    };
    if (h.altarCheck) boardHex.altarCheck = h.altarCheck;
    return boardHex;
  });

/** [D §2] a hex is covered when a placed tile includes it. */
export const isCovered = (state: GameState, hex: Hex): boolean => own(forReading(state.hexes), hexKey(hex)) !== undefined;

/** True when the tile would overlap no covered hex. */
export const tileFits = (state: GameState, hexes: readonly BoardHex[]): boolean => hexes.every((h) => own(forReading(state.hexes), hexKey(h)) === undefined);

/**
 * [N] explore: the tile's anchor goes on the explored hex, at a rotation where it overlaps no
 * placed tile. [D] the named rotation when it fits, otherwise the first of 0..5 that fits: the
 * tile is drawn unseen, so a named rotation is a wish, never a way to probe the hidden stack.
 * Undefined when no rotation fits.
 */
export const placementRotation = (state: GameState, tile: TileDefinition, anchor: Hex, wished?: Rotation): Rotation | undefined => {
  const fits = (rotation: Rotation) => tileFits(state, placeTileHexes(tile, anchor, rotation, state.storms));
  if (wished !== undefined && fits(wished)) return wished;
  return FACINGS.find(fits);
};

/** Mutates state: records the tile and covers its hexes. */
export const coverTile = (state: GameState, tile: TileDefinition, anchor: Hex, rotation: Rotation): void => {
  state.tiles.push({ tileId: tile.tileId, anchor, rotation, act: tile.act, clues: tile.clues });
  for (const h of placeTileHexes(tile, anchor, rotation, state.storms)) state.hexes[hexKey(h)] = h;
};

/**
 * [D §2] a tile has an unpurged altar while it holds an `altar` hex that has not been purged.
 * `state.purgedAltars` holds the hex keys ("q,r") of purged altar hexes.
 */
export const tileHasUnpurgedAltar = (state: GameState, tileId: string): boolean => {
  const altars = altarKeysByTile(state).get(tileId);
  if (altars === undefined) return false;
  for (const key of altars) if (!state.purgedAltars.includes(key)) return true;
  return false;
};

/**
 * The altar hexes' keys of each tile, indexed once per board: every Move asks, and a scan of
 * every hex was a thirtieth of a command's CPU. Hexes are only ever added, with their tile
 * (coverTile), so a board object holding as many tiles as when it was indexed holds the same
 * hexes. A draft being changed is scanned each time (its object is the next state's only after).
 */
const altarIndex = new WeakMap<Record<string, BoardHex>, { tiles: number; byTile: Map<string, string[]> }>();

function altarKeysByTile(state: GameState): Map<string, string[]> {
  const hexes = forReading(state.hexes);
  const tiles = state.tiles.length;
  const known = altarIndex.get(hexes);
  if (known && known.tiles === tiles) return known.byTile;
  const byTile = new Map<string, string[]>();
  for (const key in hexes) {
    if (!hasOwn.call(hexes, key)) continue;
    const h = hexes[key];
    if (h === undefined || h.terrain !== 'altar') continue;
    const keys = byTile.get(h.tileId);
    if (keys) keys.push(hexKey(h));
    else byTile.set(h.tileId, [hexKey(h)]);
  }
  if (!isDraft(hexes)) altarIndex.set(hexes, { tiles, byTile });
  return byTile;
}

const hasOwn = Object.prototype.hasOwnProperty;

// Placing map tiles on the board [D §2].
import { addHex, hexKey, rotateOffset, type Hex, type Rotation } from './hex';
import type { TileDefinition } from './scenario';
import type { BoardHex, GameState } from './state';

/** The board hexes a tile covers when its anchor stands on `anchor` at `rotation`. */
export const placeTileHexes = (
  tile: TileDefinition,
  anchor: Hex,
  rotation: Rotation,
  storms: readonly Hex[],
): BoardHex[] =>
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

/** True when the tile would overlap no covered hex. */
export const tileFits = (state: GameState, hexes: readonly BoardHex[]): boolean =>
  hexes.every((h) => state.hexes[hexKey(h)] === undefined);

/** Mutates state: records the tile and covers its hexes. */
export const coverTile = (state: GameState, tile: TileDefinition, anchor: Hex, rotation: Rotation): void => {
  state.tiles.push({ tileId: tile.tileId, anchor, rotation, act: tile.act, clues: tile.clues });
  for (const h of placeTileHexes(tile, anchor, rotation, state.storms)) state.hexes[hexKey(h)] = h;
};

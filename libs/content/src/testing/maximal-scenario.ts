// Test support: a scenario document as large as the inline maxima allow, short of the 512 kB
// request body: every list that shapes a game's state at its maximum (tiles, hexes per tile,
// starting tiles, the stack, cards, the box, characters and their decks).
import { SCENARIO_LIMITS as MAX } from '../validation/scenario-limits';
import twinSails from '../scenarios/twin-sails.json';

type Doc = Record<string, unknown> & {
  tiles: unknown[];
  startingTiles: unknown[];
  stack: string[];
  cards: unknown[];
  box: string[];
  characters: Array<Record<string, unknown>>;
};

/** The offsets of a tile of `MAX.hexesPerTile` hexes: rings about the anchor, as many hexes as asked. */
export function bigTileHexes(count: number = MAX.hexesPerTile): Array<{ q: number; r: number; terrain: string }> {
  const hexes: Array<{ q: number; r: number; terrain: string }> = [];
  for (let radius = 0; hexes.length < count; radius++) {
    for (let q = -radius; q <= radius && hexes.length < count; q++) {
      for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius) && hexes.length < count; r++) {
        if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) === radius) hexes.push({ q, r, terrain: 'sea' });
      }
    }
  }
  return hexes;
}

/**
 * Twin Sails grown to the maxima. `stacked` of the added tiles go into the stack (act 3, after
 * the scenario's own); the rest start on the board, far from the harbour and from each other.
 */
export function maximalScenario(stacked = 20): Doc {
  const doc = structuredClone(twinSails) as unknown as Doc;
  const added = MAX.tiles - doc.tiles.length;
  for (let i = 0; i < added; i++) {
    const tileId = `x${i}`;
    doc.tiles.push({ tileId, act: 3, clues: 1, hexes: bigTileHexes() });
    if (i < stacked) doc.stack.push(tileId);
    else doc.startingTiles.push({ tileId, anchor: { q: 20 + 12 * (i % 14), r: -12 * Math.floor(i / 14) }, rotation: 0 });
  }
  const cards = MAX.cards - doc.cards.length;
  for (let i = 0; i < cards; i++) doc.cards.push({ cardId: `k${i}`, name: `Card ${i}`, type: 'item', powers: {} });
  for (let i = 0; doc.box.length < MAX.box; i++) doc.box.push(`k${i}`);
  const first = doc.characters[0];
  for (let i = doc.characters.length; i < MAX.characters; i++) doc.characters.push({ ...first, characterId: `h${i}`, name: `Hand ${i}` });
  doc.characters.forEach((c, i) => (c.deck = Array.from({ length: MAX.deck }, (_, j) => `k${(i * MAX.deck + j) % cards}`)));
  return doc;
}

// Checks a structurally valid scenario for what one field cannot say alone: ids that must exist,
// ids that must be unique, tiles that must not overlap, ships on water, crew on real free nodes.
import { ENTERABLE_TERRAINS, hexKey, nodeIds, placeTileHexes, type Hex, type ScenarioDefinition, type Terrain } from '@logbook/rules';

type Problems = string[];

function unique(problems: Problems, path: string, ids: string[], what: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) problems.push(`${path}[${i}]: ${what} "${id}" is used twice`);
    seen.add(id);
  });
}

function exists(problems: Problems, path: string, id: string, known: Set<string>, what: string): void {
  if (!known.has(id)) problems.push(`${path}: no ${what} "${id}"`);
}

function checkTiles(s: ScenarioDefinition, problems: Problems): void {
  unique(
    problems,
    'tiles',
    s.tiles.map((t) => t.tileId),
    'tileId',
  );
  s.tiles.forEach((tile, i) => {
    unique(problems, `tiles[${i}].hexes`, tile.hexes.map(hexKey), 'offset');
    // [N] explored tiles are placed with their anchor on the explored hex: the anchor is part of the tile.
    if (!tile.hexes.some((h) => h.q === 0 && h.r === 0)) problems.push(`tiles[${i}].hexes: the anchor offset (0,0) is missing`);
    tile.hexes.forEach((h, j) => {
      if (h.altarCheck && h.terrain !== 'altar') problems.push(`tiles[${i}].hexes[${j}].altarCheck: only an altar hex has one`);
    });
  });
  const known = new Set(s.tiles.map((t) => t.tileId));
  s.startingTiles.forEach((p, i) => exists(problems, `startingTiles[${i}].tileId`, p.tileId, known, 'tile'));
  s.stack.forEach((id, i) => exists(problems, `stack[${i}]`, id, known, 'tile'));
  unique(problems, 'stack', [...s.startingTiles.map((p) => p.tileId), ...s.stack], 'tile (placed or stacked)');
  // [N, Everrain] the unplaced stack is grouped by act, act 1 first.
  const acts = s.stack.map((id) => s.tiles.find((t) => t.tileId === id)?.act ?? 0);
  acts.forEach((act, i) => {
    if (i > 0 && act < acts[i - 1])
      problems.push(`stack[${i}]: an act ${act} tile after an act ${acts[i - 1]} tile (the stack is grouped by act, act 1 first)`);
  });
  unique(problems, 'storms', s.storms.map(hexKey), 'storm hex');
}

/** The starting board: hex key → terrain; reports overlapping starting tiles. */
function startingBoard(s: ScenarioDefinition, problems: Problems): Map<string, Terrain> {
  const board = new Map<string, Terrain>();
  s.startingTiles.forEach((placed, i) => {
    const tile = s.tiles.find((t) => t.tileId === placed.tileId);
    if (!tile) return;
    for (const h of placeTileHexes(tile, placed.anchor, placed.rotation, [])) {
      if (board.has(hexKey(h))) problems.push(`startingTiles[${i}]: overlaps another starting tile at (${h.q},${h.r})`);
      board.set(hexKey(h), h.terrain);
    }
  });
  return board;
}

function onWater(problems: Problems, path: string, hex: Hex, board: Map<string, Terrain>, taken: Map<string, string>): void {
  const terrain = board.get(hexKey(hex));
  if (terrain === undefined) problems.push(`${path}: (${hex.q},${hex.r}) is not covered by a starting tile`);
  else if (!ENTERABLE_TERRAINS.includes(terrain)) problems.push(`${path}: a ship cannot stand on ${terrain}`);
  const other = taken.get(hexKey(hex));
  if (other) problems.push(`${path}: (${hex.q},${hex.r}) is already occupied by ${other}`);
  taken.set(hexKey(hex), path);
}

function checkShips(s: ScenarioDefinition, board: Map<string, Terrain>, problems: Problems): void {
  const cards = new Map(s.shipCards.map((c) => [c.cardId, c]));
  unique(
    problems,
    'shipCards',
    s.shipCards.map((c) => c.cardId),
    'cardId',
  );
  unique(problems, 'playerShips', [...s.playerShips.map((p) => p.shipId), ...s.enemyShips.map((e) => e.enemyShipId)], 'ship id');
  unique(
    problems,
    'crew',
    s.playerShips.flatMap((p) => p.crew.map((c) => c.crewId)),
    'crewId',
  );
  const taken = new Map<string, string>();
  s.playerShips.forEach((ship, i) => {
    const path = `playerShips[${i}]`;
    onWater(problems, `${path}.hex`, ship.hex, board, taken);
    const card = cards.get(ship.card);
    if (!card) return void problems.push(`${path}.card: no ship card "${ship.card}"`);
    const nodes = new Set(nodeIds(card.deck));
    const manned = new Set<string>();
    ship.crew.forEach((crew, j) => {
      if (crew.node === null) return;
      if (!nodes.has(crew.node)) problems.push(`${path}.crew[${j}].node: ${card.name} has no node "${crew.node}" (it has ${[...nodes].join(', ')})`);
      else if (manned.has(crew.node)) problems.push(`${path}.crew[${j}].node: "${crew.node}" is already manned`);
      manned.add(crew.node);
    });
  });
  s.enemyShips.forEach((ship, i) => {
    onWater(problems, `enemyShips[${i}].hex`, ship.hex, board, taken);
    exists(problems, `enemyShips[${i}].card`, ship.card, new Set(cards.keys()), 'ship card');
  });
  s.enemyShipPool.forEach((id, i) => exists(problems, `enemyShipPool[${i}]`, id, new Set(cards.keys()), 'ship card'));
}

function checkPeople(s: ScenarioDefinition, board: Map<string, Terrain>, problems: Problems): void {
  const cards = new Set(s.cards.map((c) => c.cardId));
  unique(
    problems,
    'cards',
    s.cards.map((c) => c.cardId),
    'cardId',
  );
  unique(
    problems,
    'enemyPool',
    s.enemyPool.map((e) => e.enemyId),
    'enemyId',
  );
  unique(
    problems,
    'characters',
    s.characters.map((c) => c.characterId),
    'characterId',
  );
  s.box.forEach((id, i) => exists(problems, `box[${i}]`, id, cards, 'card'));
  const ships = new Set(s.playerShips.map((p) => p.shipId));
  s.characters.forEach((c, i) => {
    c.deck.forEach((id, j) => exists(problems, `characters[${i}].deck[${j}]`, id, cards, 'card'));
    if (c.aboard !== null) exists(problems, `characters[${i}].aboard`, c.aboard, ships, 'player ship');
    else if (!c.hex) problems.push(`characters[${i}].hex: a character not aboard a ship needs a hex`);
    else if (!board.has(hexKey(c.hex))) problems.push(`characters[${i}].hex: (${c.hex.q},${c.hex.r}) is not covered by a starting tile`);
  });
}

function checkClues(s: ScenarioDefinition, problems: Problems): void {
  const { act2, act3 } = s.actThresholds;
  if (act3 < act2) problems.push(`actThresholds.act3: ${act3} is below act2 (${act2})`);
  if (s.clueGoal < act3) problems.push(`clueGoal: ${s.clueGoal} is below the act 3 threshold (${act3})`);
  const available = s.stack.reduce((sum, id) => sum + (s.tiles.find((t) => t.tileId === id)?.clues ?? 0), 0);
  if (available < s.clueGoal) problems.push(`clueGoal: ${s.clueGoal} cannot be reached: the stack holds ${available} clues`);
}

/** Every cross-reference problem, each as "path: why". */
export function crossReferenceProblems(s: ScenarioDefinition): string[] {
  const problems: Problems = [];
  checkTiles(s, problems);
  const board = startingBoard(s, problems);
  checkShips(s, board, problems);
  checkPeople(s, board, problems);
  checkClues(s, problems);
  return problems;
}

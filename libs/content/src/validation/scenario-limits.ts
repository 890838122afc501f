// How large an inline scenario may be. A scenario is recorded whole in its game's first event
// and every piece of it is folded into each game's state (and each fork's starting board), so
// its size is a cost every game from it pays again. The built-in scenarios use a tenth of these
// or less (6 tiles of 7 hexes, 11 cards, decks of 8-10 cards): the maxima leave real designs
// room and refuse documents built to fill the store.
export const SCENARIO_LIMITS = {
  /** Map tiles, placed or stacked. */
  tiles: 100,
  /**
   * Hexes of one tile: a radius-3 hexagon has 37. Tiles' hexes are most of what validating and
   * folding a document costs (class-validator checks each hex as an object): at these maxima a
   * whole document validates in tens of milliseconds, not the quarter second of 200 tiles of 64.
   */
  hexesPerTile: 37,
  startingTiles: 100,
  stack: 100,
  storms: 100,
  shipCards: 50,
  playerShips: 8,
  enemyShips: 50,
  enemyShipPool: 100,
  enemyPool: 100,
  cards: 300,
  box: 300,
  characters: 8,
  /** A character's starting deck. */
  deck: 60,
  feats: 10,
  conditions: 10,
  /** Crew of one ship: a deck has at most 25 nodes, and crew may stand on none. */
  crew: 32,
  traits: 10,
  /** Steps of a check, options of a step, skills of an option. */
  checkSteps: 10,
  checkOptions: 10,
  checkSkills: 6,
  /** Characters of a name, a trait, a condition or a node id; of the description. */
  name: 100,
  label: 40,
  description: 2000,
} as const;

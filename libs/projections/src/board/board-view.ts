// The board view: a game's state as one viewer may see it. Hidden information (stack order,
// box, plunder identities, other seats' hands, deck order) is left out here, in one place.
import { isGameOver, type GameState, type Viewer } from '@logbook/rules';

export interface BoardView {
  gameId: string;
  scenario: { id: string; name: string };
  revision: number;
  status: GameState['status'];
  mode: GameState['mode'];
  round: number;
  activeSeat: number | null;
  ordersLeft: number;
  act: number;
  clues: number;
  clueGoal: number;
  blessings: { deck: number; discard: number };
  navigation: { shipId: string; pointsLeft: number } | null;
  pending: GameState['pending'];
  unplacedTiles: number;
  seats: GameState['seats'];
  tiles: Array<{
    tileId: string;
    anchor: { q: number; r: number };
    rotation: number;
    act: number;
    clues: number;
    hexes: Array<{ q: number; r: number; terrain: string; storm: boolean; enemyShipSpawn: boolean; altarPurged?: boolean }>;
  }>;
  ships: Array<{
    shipId: string;
    name: string;
    class: string;
    hex: { q: number; r: number };
    facing: number;
    wrecked: boolean;
    anchored: boolean;
    /** Only a count while the scenario runs; the cards once it is over. */
    plunder: { count: number; cards?: string[] };
    nodes: string[];
    crew: Array<{ crewId: string; name: string; traits: string[]; node: string | null }>;
    enemiesOnDeck: Array<{ enemyId: string; name: string; node: string }>;
  }>;
  enemyShips: Array<{ enemyShipId: string; name: string; hex: { q: number; r: number }; facing: number }>;
  characters: Array<{
    characterId: string;
    name: string;
    seat: number | null;
    shipId: string | null;
    hex: { q: number; r: number };
    skills: GameState['characters'][string]['skills'];
    feats: GameState['characters'][string]['feats'];
    handSize: number;
    handCount: number;
    /** Only for the character's own seat (and for everyone once the scenario is over). */
    hand?: string[];
    deckCount: number;
    discard: string[];
    followShip: boolean;
    conditions: string[];
  }>;
  loot?: string[];
}

export interface BoardViewOptions {
  /** Show hidden information to everyone: by default once the scenario is over. */
  reveal?: boolean;
}

export function boardView(state: GameState, revision: number, viewer: Viewer, options: BoardViewOptions = {}): BoardView {
  const over = options.reveal ?? isGameOver(state.status);
  return {
    gameId: state.gameId,
    scenario: { id: state.scenarioId, name: state.scenarioName },
    revision,
    status: state.status,
    mode: state.mode,
    round: state.round,
    activeSeat: state.turn?.seat ?? null,
    ordersLeft: state.turn?.ordersLeft ?? 0,
    act: state.act,
    clues: state.clues,
    clueGoal: state.clueGoal,
    blessings: { ...state.blessings },
    navigation: state.navigation ? { shipId: state.navigation.shipId, pointsLeft: state.navigation.pointsLeft } : null,
    pending: state.pending,
    unplacedTiles: state.stack.length,
    seats: state.seats,
    tiles: state.tiles.map((tile) => ({
      tileId: tile.tileId,
      anchor: tile.anchor,
      rotation: tile.rotation,
      act: tile.act,
      clues: tile.clues,
      hexes: Object.values(state.hexes)
        .filter((h) => h.tileId === tile.tileId)
        .map((h) => ({
          q: h.q,
          r: h.r,
          terrain: h.terrain,
          storm: h.storm,
          enemyShipSpawn: h.enemyShipSpawn,
          ...(h.terrain === 'altar' ? { altarPurged: state.purgedAltars.includes(`${h.q},${h.r}`) } : {}),
        })),
    })),
    ships: Object.values(state.ships).map((ship) => ({
      shipId: ship.shipId,
      name: ship.name,
      class: ship.class,
      hex: ship.hex,
      facing: ship.facing,
      wrecked: ship.wrecked,
      anchored: ship.anchored,
      plunder: over ? { count: ship.plunder.length, cards: ship.plunder } : { count: ship.plunder.length },
      nodes: ship.nodes,
      crew: ship.crew,
      enemiesOnDeck: ship.enemiesOnDeck.map(({ enemyId, name, node }) => ({ enemyId, name, node })),
    })),
    enemyShips: Object.values(state.enemyShips).map(({ enemyShipId, name, hex, facing }) => ({ enemyShipId, name, hex, facing })),
    characters: Object.values(state.characters).map((c) => ({
      characterId: c.characterId,
      name: c.name,
      seat: c.seat,
      shipId: c.shipId,
      hex: c.hex,
      skills: c.skills,
      feats: c.feats,
      handSize: c.handSize,
      handCount: c.hand.length,
      ...(over || (viewer !== null && viewer === c.seat) ? { hand: c.hand } : {}),
      deckCount: c.deck.length,
      discard: c.discard,
      followShip: c.followShip,
      conditions: c.conditions,
    })),
    ...(state.status === 'won' ? { loot: state.loot } : {}),
  };
}

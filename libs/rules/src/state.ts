// The state a game's events fold into. Plain JSON data (no classes) so it can be cloned,
// compared and snapshotted freely. Hidden parts (stack order, box, plunder identities, hands)
// live here too: the server folds everything, and views redact per viewer (see view.ts).
import type { Facing, Hex, Rotation } from './hex';
import type {
  CardDefinition,
  CardType,
  CheckDefinition,
  Die,
  EnemyDefinition,
  FeatDefinition,
  ShipCardDefinition,
  Skill,
  Terrain,
  TileDefinition,
} from './scenario';

export type GameStatus = 'new' | 'active' | 'won' | 'lost';
export type GameMode = 'standard' | 'sandbox';

export interface SeatState {
  seat: number;
  name: string;
  characterId: string;
  /** The player profile the seat was taken with (its name is then the profile's), if any. */
  playerId?: string;
}

export interface PlacedTile {
  tileId: string;
  anchor: Hex;
  rotation: Rotation;
  act: number;
  clues: number;
}

export interface BoardHex extends Hex {
  terrain: Terrain;
  tileId: string;
  storm: boolean;
  enemyShipSpawn: boolean;
  altarCheck?: CheckDefinition;
}

export interface CrewState {
  crewId: string;
  name: string;
  traits: string[];
  node: string | null;
}

export interface EnemyOnDeck {
  /** Instance id, unique in the game (e.g. 'enemy-3'). */
  enemyId: string;
  /** Definition id in the enemy pool. */
  kind: string;
  name: string;
  check: CheckDefinition;
  node: string;
}

export interface PlayerShipState {
  shipId: string;
  cardId: string;
  name: string;
  class: string;
  hex: Hex;
  facing: Facing;
  /** [S] face down. */
  wrecked: boolean;
  anchored: boolean;
  /** [S] face-down card ids under the ship: hidden from everyone until the scenario ends. */
  plunder: string[];
  /** Node ids of this ship's deck, in deck order. */
  nodes: string[];
  crew: CrewState[];
  enemiesOnDeck: EnemyOnDeck[];
}

export interface EnemyShipState {
  enemyShipId: string;
  cardId: string;
  name: string;
  hex: Hex;
  facing: Facing;
}

export interface CharacterState {
  characterId: string;
  name: string;
  seat: number | null;
  skills: Partial<Record<Skill, Die>>;
  feats: FeatDefinition[];
  /** Draw pile, top first (hidden). */
  deck: string[];
  /** Hidden from other seats. */
  hand: string[];
  discard: string[];
  handSize: number;
  /** The ship it is aboard, or null when ashore or adrift. */
  shipId: string | null;
  /** Where it is: the ship's hex while aboard. */
  hex: Hex;
  /** [S] standing choice: move with the commander when the ship moves. */
  followShip: boolean;
  conditions: string[];
}

export interface TurnState {
  seat: number;
  ordersLeft: number;
  /** [S] a repair may be attempted once, at the start of the turn, before any order. */
  repairAvailable: boolean;
  ordersTaken: number;
  /**
   * The turn has ended and the next starts once nothing is pending: a response window opened by
   * the end of the round is answered (by this seat) before the round ends and the clock moves.
   */
  ended?: boolean;
}

export interface NavigationState {
  shipId: string;
  pointsLeft: number;
  /** Where the order began, for rules that look back at it. */
  startHex: Hex;
}

/** What the game waits for before anything else may happen. */
export type PendingState =
  | {
      kind: 'structural-damage';
      shipId: string;
      /** Damage as dealt, before any reduction. */
      dealt: number;
      /** Damage left after the reductions applied so far. */
      amount: number;
      source: string;
      /** [S] step 3 (discards) has begun: no more cards may be played for step 2. */
      discarding?: boolean;
    }
  | {
      kind: 'plunder-choice';
      shipId: string | null;
      characterId: string | null;
      /** 'stash' puts it under a ship; 'hand' adds it to a character's hand. */
      destination: 'stash' | 'hand';
    };

export interface GameState {
  gameId: string;
  status: GameStatus;
  mode: GameMode;
  scenarioId: string;
  scenarioName: string;
  seats: SeatState[];
  round: number;
  turn: TurnState | null;
  ordersPerTurn: number;
  act: number;
  clues: number;
  clueGoal: number;
  actThresholds: { act2: number; act3: number };
  blessings: { deck: number; discard: number };
  tileLibrary: Record<string, TileDefinition>;
  tiles: PlacedTile[];
  /** Covered hexes by hexKey. */
  hexes: Record<string, BoardHex>;
  storms: Hex[];
  /** [N] the unplaced stack, in order (hidden). */
  stack: string[];
  purgedAltars: string[];
  shipCards: Record<string, ShipCardDefinition>;
  ships: Record<string, PlayerShipState>;
  enemyShips: Record<string, EnemyShipState>;
  enemyShipPool: string[];
  enemyPool: EnemyDefinition[];
  enemySeq: number;
  characters: Record<string, CharacterState>;
  cards: Record<string, CardDefinition>;
  /** [S] cards not in play, by type (hidden). */
  box: Record<CardType, string[]>;
  altarCheck: CheckDefinition;
  navigation: NavigationState | null;
  pending: PendingState | null;
  /** Windows and choices opened while another one was pending, in order (see pending.ts). */
  pendingQueue: PendingState[];
  /** [D] hex keys of shipwreck hexes already looted (each once per game). */
  lootedWrecks: string[];
  /** Plunder that became the party's loot on a win. */
  loot: string[];
}

export const initialState = (): GameState => ({
  gameId: '',
  status: 'new',
  mode: 'standard',
  scenarioId: '',
  scenarioName: '',
  seats: [],
  round: 0,
  turn: null,
  ordersPerTurn: 3,
  act: 1,
  clues: 0,
  clueGoal: 0,
  actThresholds: { act2: 0, act3: 0 },
  blessings: { deck: 0, discard: 0 },
  tileLibrary: {},
  tiles: [],
  hexes: {},
  storms: [],
  stack: [],
  purgedAltars: [],
  shipCards: {},
  ships: {},
  enemyShips: {},
  enemyShipPool: [],
  enemyPool: [],
  enemySeq: 0,
  characters: {},
  cards: {},
  box: { weapon: [], spell: [], armor: [], item: [], ally: [], blessing: [] },
  altarCheck: { steps: [] },
  navigation: null,
  pending: null,
  pendingQueue: [],
  lootedWrecks: [],
  loot: [],
});

export const cloneState = (state: GameState): GameState => structuredClone(state);

// The figures kept for each game, and what the fold keeps beside them: the read model's row.
// Only what every player may see goes in (see game-analytics.ts).
import { PLUNDER_TYPES, type EventOfType, type GameEventType, type Hex } from '@logbook/rules';

export type DamageSource = 'storm' | 'encounter' | 'on-deck';
export const DAMAGE_SOURCES: readonly DamageSource[] = ['storm', 'encounter', 'on-deck'];
/** The plunder d6 by face (index 0 = a roll of 1): the rules' card types in order, then a 6 lets the player choose. */
export const PLUNDER_TABLE = [...PLUNDER_TYPES, 'choose'] as const;

export interface EncounterRecord {
  enemyCard: string;
  /** The deciding step: the first that failed, else the last. */
  difficulty: number;
  total: number;
  /** total − difficulty of the deciding step: ≥ 0 is a success. */
  margin: number;
  success: boolean;
  act: number;
}

export interface WreckRecord {
  shipId: string;
  hex: Hex;
  tileId: string | null;
  act: number;
  round: number;
  source: DamageSource | 'other';
}

export interface GameAnalytics {
  gameId: string;
  scenarioId: string;
  scenarioName: string;
  mode: string;
  createdAt: string | null;
  lastEventAt: string | null;
  revision: number;
  status: 'active' | 'won' | 'lost';
  /** Why it ended: 'clue-goal' for a win, the rules' reason for a loss. */
  reason: string | null;
  simulated: { bot: string; seed: number; index: number } | null;
  /** A fork: the game and revision it started from (its figures count its own play from there). */
  forkedFrom: { gameId: string; revision: number } | null;
  /** `playerId`: the profile the seat was taken with or claimed into (POST /players); absent for a name typed alone. */
  seats: Array<{ seat: number; name: string; characterId: string; playerId?: string }>;
  /** Seats a bot played at some time (the last bot each had) and whether a player's seat was handed to one. */
  bots: BotMarks;
  rounds: number;
  turns: number;
  act: number;
  clues: number;
  clueGoal: number;
  /** Clues gained in each act (keyed by the act the tile was explored in). */
  cluesByAct: Record<string, number>;
  tilesExplored: number;
  /** Hexes covered by placed tiles ("q,r"), as the board stands: for the wreck heat map. */
  coveredHexes: string[];
  navigation: { orders: number; pointsIssued: number; pointsSpent: number; pointsUnused: number };
  /** Structural damage dealt (before reductions) and left after reductions, by source and act. */
  damage: Record<DamageSource, { events: number; dealt: number; taken: number; byAct: Record<string, number> }>;
  wrecks: WreckRecord[];
  repairs: { attempts: number; successes: number };
  encounters: EncounterRecord[];
  plunder: {
    /** How often each face of the plunder d6 came up (index 0 = a roll of 1). */
    rolls: number[];
    stashedByType: Record<string, number>;
    addedToHand: number;
    unavailable: number;
    banished: number;
  };
  enemiesSpawned: number;
  enemiesRepelled: number;
  altarsPurged: number;
  undos: number;
  redos: number;
  /** Seconds between each turn's start and its end (time of the actions recorded). */
  turnSeconds: { turns: number; total: number };
}

export interface BotMarks {
  seats: Array<{ seat: number; bot: string }>;
  /** A seat its player played was handed to a bot during the game (not chosen at creation). */
  handedOver: boolean;
}

export const noBots = (): BotMarks => ({ seats: [], handedOver: false });

/**
 * Marks a seat played by a bot (SeatHandedToBot). Never unmarked: a game that a bot helped play
 * stays marked when its player takes the seat back, and an undo never takes a handover back.
 */
export function markBot(figures: GameAnalytics, data: { seat: number; bot: string; by?: string }): void {
  // Rows folded before bots were marked have no marks yet.
  const marks = (figures.bots ??= noBots());
  const at = marks.seats.findIndex((s) => s.seat === data.seat);
  if (at === -1) marks.seats.push({ seat: data.seat, bot: data.bot });
  else marks.seats[at] = { seat: data.seat, bot: data.bot };
  marks.seats.sort((a, b) => a.seat - b.seat);
  if (data.by !== undefined && data.by !== 'setup') marks.handedOver = true;
}

/** What the fold needs to remember that is not a figure (kept beside the figures, never served). */
export interface AnalyticsFold {
  figures: GameAnalytics;
  /** Board hex → the tile covering it (public: placed tiles only). */
  hexTiles: Record<string, string>;
  shipHexes: Record<string, Hex>;
  storms: string[];
  openEncounter: { enemyCard: string } | null;
  lastDamage: DamageSource | 'other';
  turnStartedAt: string | null;
  recordedAt: string | null;
  /**
   * Recorded from a file (an import): its seats' profile links are foreign. A file proves no
   * profile (it holds no secret, and anyone can write one), so its games count for nobody's.
   */
  foreignProfiles?: true;
}

/** An event as the fold reads it: its public `data` and metadata, never its `secret`. */
export interface AnalyticsEvent {
  revision: number;
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
}

/** An analytics event of one of the rules' types, its data typed as the rules record it. */
export interface AnalyticsEventOf<K extends GameEventType> extends AnalyticsEvent {
  type: K;
  data: EventOfType<K>['data'];
}

const emptyDamage = () => ({ events: 0, dealt: 0, taken: 0, byAct: {} as Record<string, number> });

export const newAnalyticsFold = (gameId: string): AnalyticsFold => ({
  figures: {
    gameId,
    scenarioId: '',
    scenarioName: '',
    mode: 'standard',
    createdAt: null,
    lastEventAt: null,
    revision: -1,
    status: 'active',
    reason: null,
    simulated: null,
    forkedFrom: null,
    seats: [],
    bots: noBots(),
    rounds: 0,
    turns: 0,
    act: 1,
    clues: 0,
    clueGoal: 0,
    cluesByAct: {},
    tilesExplored: 0,
    coveredHexes: [],
    navigation: { orders: 0, pointsIssued: 0, pointsSpent: 0, pointsUnused: 0 },
    damage: { storm: emptyDamage(), encounter: emptyDamage(), 'on-deck': emptyDamage() },
    wrecks: [],
    repairs: { attempts: 0, successes: 0 },
    encounters: [],
    plunder: { rolls: [0, 0, 0, 0, 0, 0], stashedByType: {}, addedToHand: 0, unavailable: 0, banished: 0 },
    enemiesSpawned: 0,
    enemiesRepelled: 0,
    altarsPurged: 0,
    undos: 0,
    redos: 0,
    turnSeconds: { turns: 0, total: 0 },
  },
  hexTiles: {},
  shipHexes: {},
  storms: [],
  openEncounter: null,
  lastDamage: 'other',
  turnStartedAt: null,
  recordedAt: null,
});

/**
 * A game's figures as served. The run seed of an unfinished simulated game is left out: with it
 * (and the game's index) anyone could recompute the game's seeded draws, which reveal shuffles.
 */
export const publicFigures = (figures: GameAnalytics): GameAnalytics => {
  // A seat's profile links a person's games together: only their own analytics (GET /players/:id/analytics) show it.
  const seats = figures.seats.some((s) => s.playerId !== undefined)
    ? figures.seats.map((s) => ({ seat: s.seat, name: s.name, characterId: s.characterId }))
    : figures.seats;
  const simulated = figures.simulated && figures.status === 'active' ? { ...figures.simulated, seed: -1, index: -1 } : figures.simulated;
  return seats === figures.seats && simulated === figures.simulated ? figures : { ...figures, seats, simulated };
};

// Per-game analytics, folded from a game's events one at a time. Only what every player may see
// goes in: each event's public `data` and the public part of its metadata (time, seat, the
// simulation marker). Never an event's `secret` part and never the recorded `draws`, so the
// figures of an unfinished game give nothing hidden away (a test folds redacted events and
// expects the very same figures).
import { hexKey, placeTileHexes, type ForkedBoard, type Hex, type Rotation, type TileDefinition } from '@logbook/rules';

export type DamageSource = 'storm' | 'encounter' | 'on-deck';
export const DAMAGE_SOURCES: readonly DamageSource[] = ['storm', 'encounter', 'on-deck'];
export const PLUNDER_TABLE = ['weapon', 'spell', 'armor', 'item', 'ally', 'choose'] as const;

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
  seats: Array<{ seat: number; name: string; characterId: string }>;
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
}

export interface AnalyticsEvent {
  revision: number;
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
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

/** The rules' damage source strings, grouped as the analytics report them. */
export const damageSourceOf = (source: string): DamageSource | 'other' => {
  if (source === 'storm') return 'storm';
  if (source.startsWith('defeat:')) return 'encounter';
  if (source.startsWith('enemy:') || source.startsWith('enemy-spawn:')) return 'on-deck';
  return 'other';
};

const add = (record: Record<string, number>, key: string, by = 1): void => {
  record[key] = (record[key] ?? 0) + by;
};

const cover = (fold: AnalyticsFold, tile: TileDefinition, anchor: Hex, rotation: Rotation): void => {
  for (const h of placeTileHexes(tile, anchor, rotation, [])) {
    const key = hexKey(h);
    if (fold.hexTiles[key] === undefined) fold.figures.coveredHexes.push(key);
    fold.hexTiles[key] = tile.tileId;
  }
};

/**
 * The event types the figures are folded from. The projection asks the store for these only
 * (a rebuild reads and parses a third fewer events); the others (the clock, crew moves, anchors,
 * embarking, hands) change no figure. CardsDrawn and PlunderBanished stay: they often open the
 * EndTurn action whose recorded time ends a turn.
 */
export const ANALYTICS_EVENT_TYPES = [
  'GameCreated',
  'GameForked',
  'TurnStarted',
  'TurnEnded',
  'ActAdvanced',
  'ScenarioWon',
  'ScenarioLost',
  'NavigationOrderIssued',
  'ShipMoved',
  'ShipTurned',
  'TileExplored',
  'NavigationOrderCompleted',
  'StructuralDamageDealt',
  'StructuralDamageResolved',
  'ShipWrecked',
  'RepairAttempted',
  'ShipRepaired',
  'ShipEncountered',
  'CheckAttempted',
  'PlunderRolled',
  'PlunderStashed',
  'PlunderAddedToHand',
  'PlunderUnavailable',
  'PlunderBanished',
  'CardsDrawn',
  'EnemySpawned',
  'EnemyRepelled',
  'AltarPurged',
  'ActionUndone',
  'ActionRedone',
] as const;
const FOLDED: ReadonlySet<string> = new Set(ANALYTICS_EVENT_TYPES);
export const isAnalyticsEventType = (type: string): boolean => FOLDED.has(type);

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- event data by type, read defensively

/**
 * Folds one event into the game's analytics (mutates `fold`). Events already folded are skipped.
 * Every event moves the revision, those the figures do not count too: the figures stand at the
 * game's revision, which a game ending on a crew move or a blessing would otherwise lag behind.
 */
export function evolveAnalytics(fold: AnalyticsFold, event: AnalyticsEvent): void {
  const f = fold.figures;
  if (event.revision <= f.revision) return;
  f.revision = event.revision;
  if (!FOLDED.has(event.type)) return;
  const recordedAt = event.metadata?.recordedAt;
  if (typeof recordedAt === 'string') {
    fold.recordedAt = recordedAt;
    f.createdAt ??= recordedAt;
    f.lastEventAt = recordedAt;
  }
  const d = (event.data ?? {}) as Data;
  switch (event.type) {
    case 'GameCreated': {
      const scenario = d.scenario as Data;
      f.scenarioId = scenario.id;
      f.scenarioName = scenario.name;
      f.mode = d.mode;
      f.clueGoal = scenario.clueGoal;
      f.seats = (d.seats as GameAnalytics['seats']).map((s) => ({ seat: s.seat, name: s.name, characterId: s.characterId }));
      const marker = event.metadata?.simulation as Data | undefined;
      if (marker?.simulated) f.simulated = { bot: String(marker.bot), seed: Number(marker.seed), index: Number(marker.index) };
      fold.storms = (scenario.storms as Hex[]).map(hexKey);
      const tiles = new Map((scenario.tiles as TileDefinition[]).map((t) => [t.tileId, t]));
      for (const placed of scenario.startingTiles as Array<{ tileId: string; anchor: Hex; rotation: Rotation }>) {
        const tile = tiles.get(placed.tileId);
        if (tile) cover(fold, tile, placed.anchor, placed.rotation);
      }
      for (const ship of scenario.playerShips as Array<{ shipId: string; hex: Hex }>) fold.shipHexes[ship.shipId] = { q: ship.hex.q, r: ship.hex.r };
      return;
    }
    case 'GameForked': {
      // Only the public face of the starting board (`data.board`); the sealed state is never read.
      // A fork recorded before that face was kept has no public scenario: it stays out of analytics.
      const board = d.board as ForkedBoard | undefined;
      f.mode = d.mode;
      f.forkedFrom = { gameId: String(d.source.gameId), revision: Number(d.source.revision) };
      f.seats = (d.seats as GameAnalytics['seats']).map((s) => ({ seat: s.seat, name: s.name, characterId: s.characterId }));
      if (!board) return;
      f.scenarioId = board.scenario.id;
      f.scenarioName = board.scenario.name;
      f.clueGoal = board.scenario.clueGoal;
      f.rounds = board.round;
      f.act = board.act;
      f.clues = board.clues;
      fold.storms = board.storms.map(hexKey);
      for (const h of board.covered) {
        const key = hexKey(h);
        if (fold.hexTiles[key] === undefined) f.coveredHexes.push(key);
        fold.hexTiles[key] = h.tileId;
      }
      for (const ship of board.ships) fold.shipHexes[ship.shipId] = { q: ship.hex.q, r: ship.hex.r };
      return;
    }
    case 'TurnStarted':
      f.turns += 1;
      f.rounds = Math.max(f.rounds, d.round);
      fold.turnStartedAt = fold.recordedAt;
      return;
    case 'TurnEnded':
      if (fold.turnStartedAt && fold.recordedAt) {
        f.turnSeconds.turns += 1;
        f.turnSeconds.total += Math.max(0, (Date.parse(fold.recordedAt) - Date.parse(fold.turnStartedAt)) / 1000);
      }
      fold.turnStartedAt = null;
      return;
    case 'ActAdvanced':
      f.act = d.to;
      return;
    case 'ScenarioWon':
      f.status = 'won';
      f.reason = 'clue-goal';
      return;
    case 'ScenarioLost':
      f.status = 'lost';
      f.reason = d.reason;
      return;
    case 'NavigationOrderIssued':
      f.navigation.orders += 1;
      f.navigation.pointsIssued += d.points;
      return;
    case 'ShipMoved':
      f.navigation.pointsSpent += d.cost;
      fold.shipHexes[d.shipId] = { q: d.to.q, r: d.to.r };
      return;
    case 'ShipTurned':
      f.navigation.pointsSpent += d.cost;
      return;
    case 'TileExplored':
      f.navigation.pointsSpent += d.cost;
      f.tilesExplored += 1;
      f.clues += d.clues;
      add(f.cluesByAct, String(f.act), d.clues);
      cover(fold, d.tile, d.hex, d.rotation);
      return;
    case 'NavigationOrderCompleted':
      f.navigation.pointsUnused += d.unusedPoints;
      return;
    case 'StructuralDamageDealt': {
      const source = damageSourceOf(d.source);
      fold.lastDamage = source;
      if (source === 'other') return;
      const bucket = f.damage[source];
      bucket.events += 1;
      bucket.dealt += d.dealt;
      add(bucket.byAct, String(f.act), d.dealt);
      return;
    }
    case 'StructuralDamageResolved':
      if (fold.lastDamage !== 'other') f.damage[fold.lastDamage].taken += d.amount;
      return;
    case 'ShipWrecked': {
      const hex = fold.shipHexes[d.shipId] ?? { q: 0, r: 0 };
      f.wrecks.push({ shipId: d.shipId, hex: { ...hex }, tileId: fold.hexTiles[hexKey(hex)] ?? null, act: f.act, round: f.rounds, source: fold.lastDamage });
      return;
    }
    case 'RepairAttempted':
      f.repairs.attempts += 1;
      return;
    case 'ShipRepaired':
      f.repairs.successes += 1;
      return;
    case 'ShipEncountered':
      fold.openEncounter = { enemyCard: d.cardId };
      return;
    case 'CheckAttempted': {
      if (d.check !== 'defeat' || !fold.openEncounter) return;
      const last = d.step + 1 >= d.steps;
      if (!d.success || last) {
        f.encounters.push({ enemyCard: fold.openEncounter.enemyCard, difficulty: d.difficulty, total: d.total, margin: d.total - d.difficulty, success: d.success, act: f.act });
        fold.openEncounter = null;
      }
      return;
    }
    case 'PlunderRolled':
      if (d.roll >= 1 && d.roll <= 6) f.plunder.rolls[d.roll - 1] = (f.plunder.rolls[d.roll - 1] ?? 0) + 1;
      return;
    case 'PlunderStashed':
      add(f.plunder.stashedByType, d.cardType);
      return;
    case 'PlunderAddedToHand':
      f.plunder.addedToHand += 1;
      return;
    case 'PlunderUnavailable':
      f.plunder.unavailable += 1;
      return;
    case 'PlunderBanished':
      f.plunder.banished += 1;
      return;
    case 'EnemySpawned':
      f.enemiesSpawned += 1;
      return;
    case 'EnemyRepelled':
      f.enemiesRepelled += 1;
      return;
    case 'AltarPurged':
      f.altarsPurged += 1;
      return;
    case 'ActionUndone':
      f.undos += 1;
      return;
    case 'ActionRedone':
      f.redos += 1;
      return;
    default:
      return;
  }
}

export const foldAnalytics = (gameId: string, events: Iterable<AnalyticsEvent>): AnalyticsFold => {
  const fold = newAnalyticsFold(gameId);
  for (const event of events) evolveAnalytics(fold, event);
  return fold;
};

/**
 * A game's figures as served. The run seed of an unfinished simulated game is left out: with it
 * (and the game's index) anyone could recompute the game's seeded draws, which reveal shuffles.
 */
export const publicFigures = (figures: GameAnalytics): GameAnalytics =>
  figures.simulated && figures.status === 'active' ? { ...figures, simulated: { ...figures.simulated, seed: -1, index: -1 } } : figures;

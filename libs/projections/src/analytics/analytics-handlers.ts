// What each of the rules' events means to a game's analytics: one handler per event type, or
// null for an event that changes no figure. The table names every type, so a new or renamed
// event is a compile error here until the analytics decide what it means.
import { hexKey, placeTileHexes, type GameEventType, type Hex, type Rotation, type TileDefinition } from '@logbook/rules';
import { markBot, type AnalyticsEventOf, type AnalyticsFold, type DamageSource, type GameAnalytics } from './analytics-figures';

export type AnalyticsHandler<K extends GameEventType> = (fold: AnalyticsFold, event: AnalyticsEventOf<K>) => void;
export type AnalyticsHandlers = { [K in GameEventType]: AnalyticsHandler<K> | null };

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

/** The simulator's marker in a GameCreated's metadata (read defensively: metadata is untyped). */
interface SimulationMarker {
  simulated?: unknown;
  bot?: unknown;
  seed?: unknown;
  index?: unknown;
}

const profileIdOf = (value: unknown): string | undefined =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { playerId?: unknown }).playerId === 'string' &&
  (value as { playerId: string }).playerId !== ''
    ? (value as { playerId: string }).playerId
    : undefined;

/**
 * A new game's seats as the figures keep them, each with the profile it was taken with: noted on
 * the seat itself or in the command's `players` (metadata, seat i + 1), read defensively.
 */
export function seatFigures(
  seats: ReadonlyArray<{ seat: number; name: string; characterId: string }>,
  metadata: Record<string, unknown> | undefined,
): GameAnalytics['seats'] {
  const players = Array.isArray(metadata?.players) ? (metadata.players as unknown[]) : [];
  const foreign = isImported(metadata);
  return seats.map((s) => {
    const playerId = foreign ? undefined : (profileIdOf(s) ?? profileIdOf(players[s.seat - 1]));
    const seat = { seat: s.seat, name: s.name, characterId: s.characterId };
    return playerId === undefined ? seat : Object.assign(seat, { playerId });
  });
}

/** Whether a first event's metadata records an import (`importedFrom`): its profile links are foreign (AnalyticsFold.foreignProfiles). */
const isImported = (metadata: Record<string, unknown> | undefined): boolean => typeof metadata?.importedFrom === 'string';

/** Notes on the fold, from its first event, whether its seats' profile links are foreign. */
const noteImport = (fold: AnalyticsFold, metadata: Record<string, unknown> | undefined): void => {
  if (isImported(metadata)) fold.foreignProfiles = true;
  else delete fold.foreignProfiles;
};

/**
 * A seat claimed into a profile (`SeatClaimed { seat, playerId, name }`, no rules event): the seat
 * counts for the profile from then on, and shows its name; an imported game's claim only the name.
 */
export function claimSeat(fold: AnalyticsFold, data: unknown): void {
  const claim = data as { seat?: unknown; playerId?: unknown; name?: unknown } | null;
  if (!claim || typeof claim.seat !== 'number' || typeof claim.playerId !== 'string' || claim.playerId === '') return;
  const seat = fold.figures.seats.find((s) => s.seat === claim.seat);
  if (!seat) return;
  if (!fold.foreignProfiles) seat.playerId = claim.playerId;
  if (typeof claim.name === 'string') seat.name = claim.name;
}

/**
 * Folded for its recorded time alone: these events often open the EndTurn action whose
 * recorded time ends a turn, so the fold's clock must see them.
 */
const timeOnly = (): void => {};

export const ANALYTICS_HANDLERS: AnalyticsHandlers = {
  GameCreated: (fold, { data: d, metadata }) => {
    const f = fold.figures;
    const scenario = d.scenario;
    f.scenarioId = scenario.id;
    f.scenarioName = scenario.name;
    f.mode = d.mode;
    f.clueGoal = scenario.clueGoal;
    noteImport(fold, metadata);
    f.seats = seatFigures(d.seats, metadata);
    const marker = metadata?.simulation as SimulationMarker | undefined;
    if (marker?.simulated) f.simulated = { bot: String(marker.bot), seed: Number(marker.seed), index: Number(marker.index) };
    fold.storms = scenario.storms.map(hexKey);
    const tiles = new Map(scenario.tiles.map((t) => [t.tileId, t]));
    for (const placed of scenario.startingTiles) {
      const tile = tiles.get(placed.tileId);
      if (tile) cover(fold, tile, placed.anchor, placed.rotation);
    }
    for (const ship of scenario.playerShips) fold.shipHexes[ship.shipId] = { q: ship.hex.q, r: ship.hex.r };
  },
  GameForked: (fold, { data: d, metadata }) => {
    // Only the public face of the starting board (`data.board`); the sealed state is never read.
    // A fork recorded before that face was kept has no public scenario: it stays out of analytics.
    const f = fold.figures;
    const board = d.board;
    f.mode = d.mode;
    f.forkedFrom = { gameId: String(d.source.gameId), revision: Number(d.source.revision) };
    noteImport(fold, metadata);
    f.seats = seatFigures(d.seats, metadata);
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
  },
  TurnStarted: (fold, { data: d }) => {
    fold.figures.turns += 1;
    fold.figures.rounds = Math.max(fold.figures.rounds, d.round);
    fold.turnStartedAt = fold.recordedAt;
  },
  TurnEnded: (fold) => {
    const spent = fold.figures.turnSeconds;
    if (fold.turnStartedAt && fold.recordedAt) {
      spent.turns += 1;
      spent.total += Math.max(0, (Date.parse(fold.recordedAt) - Date.parse(fold.turnStartedAt)) / 1000);
    }
    fold.turnStartedAt = null;
  },
  ActAdvanced: (fold, { data: d }) => {
    fold.figures.act = d.to;
  },
  ScenarioWon: (fold) => {
    fold.figures.status = 'won';
    fold.figures.reason = 'clue-goal';
  },
  ScenarioLost: (fold, { data: d }) => {
    fold.figures.status = 'lost';
    fold.figures.reason = d.reason;
  },
  NavigationOrderIssued: (fold, { data: d }) => {
    fold.figures.navigation.orders += 1;
    fold.figures.navigation.pointsIssued += d.points;
  },
  ShipMoved: (fold, { data: d }) => {
    fold.figures.navigation.pointsSpent += d.cost;
    fold.shipHexes[d.shipId] = { q: d.to.q, r: d.to.r };
  },
  ShipTurned: (fold, { data: d }) => {
    fold.figures.navigation.pointsSpent += d.cost;
  },
  TileExplored: (fold, { data: d }) => {
    const f = fold.figures;
    f.navigation.pointsSpent += d.cost;
    f.tilesExplored += 1;
    f.clues += d.clues;
    add(f.cluesByAct, String(f.act), d.clues);
    cover(fold, d.tile, d.hex, d.rotation);
  },
  NavigationOrderCompleted: (fold, { data: d }) => {
    fold.figures.navigation.pointsUnused += d.unusedPoints;
  },
  StructuralDamageDealt: (fold, { data: d }) => {
    const source = damageSourceOf(d.source);
    fold.lastDamage = source;
    if (source === 'other') return;
    const bucket = fold.figures.damage[source];
    bucket.events += 1;
    bucket.dealt += d.dealt;
    add(bucket.byAct, String(fold.figures.act), d.dealt);
  },
  StructuralDamageResolved: (fold, { data: d }) => {
    if (fold.lastDamage !== 'other') fold.figures.damage[fold.lastDamage].taken += d.amount;
  },
  ShipWrecked: (fold, { data: d }) => {
    const f = fold.figures;
    const hex = fold.shipHexes[d.shipId] ?? { q: 0, r: 0 };
    f.wrecks.push({ shipId: d.shipId, hex: { ...hex }, tileId: fold.hexTiles[hexKey(hex)] ?? null, act: f.act, round: f.rounds, source: fold.lastDamage });
  },
  RepairAttempted: (fold) => {
    fold.figures.repairs.attempts += 1;
  },
  ShipRepaired: (fold) => {
    fold.figures.repairs.successes += 1;
  },
  ShipEncountered: (fold, { data: d }) => {
    fold.openEncounter = { enemyCard: d.cardId };
  },
  CheckAttempted: (fold, { data: d }) => {
    if (d.check !== 'defeat' || !fold.openEncounter) return;
    const last = d.step + 1 >= d.steps;
    if (!d.success || last) {
      fold.figures.encounters.push({
        enemyCard: fold.openEncounter.enemyCard,
        difficulty: d.difficulty,
        total: d.total,
        margin: d.total - d.difficulty,
        success: d.success,
        act: fold.figures.act,
      });
      fold.openEncounter = null;
    }
  },
  PlunderRolled: (fold, { data: d }) => {
    const rolls = fold.figures.plunder.rolls;
    if (d.roll >= 1 && d.roll <= 6) rolls[d.roll - 1] = (rolls[d.roll - 1] ?? 0) + 1;
  },
  PlunderStashed: (fold, { data: d }) => {
    add(fold.figures.plunder.stashedByType, d.cardType);
  },
  PlunderAddedToHand: (fold) => {
    fold.figures.plunder.addedToHand += 1;
  },
  PlunderUnavailable: (fold) => {
    fold.figures.plunder.unavailable += 1;
  },
  PlunderBanished: (fold) => {
    fold.figures.plunder.banished += 1;
  },
  CardsDrawn: timeOnly,
  EnemySpawned: (fold) => {
    fold.figures.enemiesSpawned += 1;
  },
  EnemyRepelled: (fold) => {
    fold.figures.enemiesRepelled += 1;
  },
  AltarPurged: (fold) => {
    fold.figures.altarsPurged += 1;
  },
  ActionUndone: (fold) => {
    fold.figures.undos += 1;
  },
  ActionRedone: (fold) => {
    fold.figures.redos += 1;
  },
  SeatHandedToBot: (fold, { data }) => markBot(fold.figures, data),
  // A seat a bot played stays marked (see markBot).
  SeatTakenBack: null,
  // Folded by evolveAnalytics itself (claimSeat), without moving the game's clock: a seat claimed
  // after the voyage ended does not make it end later.
  SeatClaimed: null,
  // The clock, crew moves, anchors, embarking, hands and what only follows another event: no figure.
  TakebackRequested: null,
  TakebackAccepted: null,
  TakebackDeclined: null,
  TakebackWithdrawn: null,
  TileStackShuffled: null,
  OrderGiven: null,
  // A move to other rules: what it took back is undone by its ActionUndone actions.
  GameMigrated: null,
  BlessingAdvanced: null,
  RoundEnded: null,
  CrewMoved: null,
  AnchorDropped: null,
  AnchorWeighed: null,
  ShipDefeated: null,
  ShipBanished: null,
  ShipSeized: null,
  StructuralDamageReduced: null,
  BlessingsDiscarded: null,
  PlunderTypeChosen: null,
  PlunderBecameLoot: null,
  PlunderReturnedToBox: null,
  ShipwreckLooted: null,
  CharacterDamaged: null,
  CharacterEmbarked: null,
  CharacterDisembarked: null,
  FollowShipSet: null,
  // A note changes no figure.
  NoteAdded: null,
};

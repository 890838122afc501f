// Opens the read models and their runners from configuration. Shared by the server (which
// keeps them live) and the command line (which rebuilds them), so both use the same files.
import type { EventStore } from '@logbook/event-store';
import { gameStreamId, type SeatNames } from '@logbook/game-log';
import {
  AnalyticsProjection,
  InMemoryAnalyticsStore,
  SqliteAnalyticsStore,
  type AnalyticsStore,
  GameStatesProjection,
  InMemoryCheckpointStore,
  InMemoryGameStateStore,
  PostgresAnalyticsStore,
  PostgresCheckpointStore,
  PostgresGameStateStore,
  PostgresReadModelDatabase,
  ProjectionRunner,
  SharedProjectionRunner,
  SqliteCheckpointStore,
  SqliteGameStateStore,
  type CheckpointStore,
  type GameStateStore,
  type Projection,
  type ReadModelRunner,
  openReadModelDatabase,
} from '@logbook/projections';
import type { AppConfig } from './app-config';
import { ensureDataDir, restrictToOwner } from './data-files';

function checkpointReadModels(filename: string): void {
  const db = openReadModelDatabase(filename);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** Injection token of the opened read models. */
export const READ_MODELS = Symbol('READ_MODELS');

export interface ReadModels {
  gameStates: GameStateStore;
  analytics: AnalyticsStore;
  runners: Record<'game-states' | 'analytics', ReadModelRunner>;
  /**
   * Gives a game's seats these names in every read model (a subject was erased: `names` are the
   * names its log opens to now: the board's for its state, those shown, claims included, for its
   * figures) and writes them at once, so no file keeps the old ones.
   */
  refreshNames(gameId: string, names: SeatNames): Promise<void>;
  close(): Promise<void>;
}

/** How long a handled event may wait before the read model's rows and checkpoint are written. */
export const READ_MODEL_FLUSH_MS = 1000;
/** ...or how many events, whichever comes first. */
export const READ_MODEL_CHECKPOINT_EVENTS = 5000;

export interface OpenReadModelsOptions {
  /** How often a stand-by server tries a shared projection's lease (PostgreSQL; default 1 s). */
  leaseRetryMs?: number;
}

export function openReadModels(store: EventStore, config: AppConfig['readModels'], options: OpenReadModelsOptions = {}): ReadModels {
  let gameStates: GameStateStore;
  let checkpoints: CheckpointStore;
  let analytics: AnalyticsStore;
  let database: PostgresReadModelDatabase | undefined;
  // On PostgreSQL an erasure writes its rows at once, not at the lease holder's next checkpoint.
  let writeNow: { gameStates: PostgresGameStateStore; analytics: PostgresAnalyticsStore } | undefined;
  if (config.kind === 'sqlite') {
    ensureDataDir(config.filename);
    try {
      gameStates = new SqliteGameStateStore({ filename: config.filename });
      analytics = new SqliteAnalyticsStore({ filename: config.filename });
      checkpoints = new SqliteCheckpointStore({ filename: config.filename });
    } catch (error) {
      throw new Error(`Read models ${config.filename}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    restrictToOwner(config.filename);
  } else if (config.kind === 'postgres') {
    database = new PostgresReadModelDatabase(config.url, config.serverId);
    writeNow = { gameStates: new PostgresGameStateStore(database), analytics: new PostgresAnalyticsStore(database) };
    gameStates = writeNow.gameStates;
    analytics = writeNow.analytics;
    checkpoints = new PostgresCheckpointStore(database);
  } else {
    gameStates = new InMemoryGameStateStore();
    analytics = new InMemoryAnalyticsStore();
    checkpoints = new InMemoryCheckpointStore();
  }
  const readLog = async (gameId: string, toRevision: number) => {
    const result = await store.readStream(gameStreamId(gameId), { fromRevision: 0, maxCount: toRevision + 1 });
    return result.status === 'ok' ? result.events : [];
  };
  // Written on a timer, off the command path: each changed game's row once per interval, not
  // once per 50 events (GET /games still waits for what was just recorded).
  const runnerOf = (projection: () => Projection): ReadModelRunner => {
    const newRunner = () =>
      new ProjectionRunner(store, checkpoints, projection(), {
        checkpointEvery: READ_MODEL_CHECKPOINT_EVENTS,
        checkpointIntervalMs: READ_MODEL_FLUSH_MS,
      });
    if (!database) return newRunner();
    // One server runs it at a time, the others stand by; each term starts a fresh projection.
    const { name, filter } = projection();
    return new SharedProjectionRunner(database, filter, name, newRunner, { retryMs: options.leaseRetryMs });
  };
  // The projections running now (a shared runner starts a fresh one each term), whose kept histories erasure clears.
  const live: { gameStates?: GameStatesProjection; analytics?: AnalyticsProjection } = {};
  const runners = {
    'game-states': runnerOf(() => (live.gameStates = new GameStatesProjection(gameStates, readLog))),
    analytics: runnerOf(() => (live.analytics = new AnalyticsProjection(analytics, readLog))),
  };
  const renamed = <S extends { seat: number; name: string }>(seats: S[], names: ReadonlyMap<number, string>): S[] =>
    seats.map((s) => {
      const name = names.get(s.seat);
      return name === undefined ? s : Object.assign({}, s, { name });
    });
  return {
    gameStates,
    analytics,
    runners,
    async refreshNames(gameId, names) {
      live.gameStates?.forgetHistory(gameId);
      live.analytics?.forgetHistory(gameId);
      const record = await gameStates.get(gameId);
      if (record) {
        record.state.seats = renamed(record.state.seats, names.board);
        if (writeNow) await writeNow.gameStates.writeNow(record);
        else gameStates.put(record);
      }
      const fold = await analytics.get(gameId);
      if (fold) {
        fold.figures.seats = renamed(fold.figures.seats, names.shown);
        if (writeNow) await writeNow.analytics.writeNow(fold);
        else analytics.put(fold);
      }
      await gameStates.flush();
      await analytics.flush();
      // The rows' old versions sit in the WAL until it is copied back and cut (secure_delete zeroes the freed pages).
      if (config.kind === 'sqlite') checkpointReadModels(config.filename);
    },
    async close() {
      await Promise.all(Object.values(runners).map((r) => r.stop()));
      await gameStates.close();
      await analytics.close();
      await checkpoints.close();
      await database?.close();
    },
  };
}

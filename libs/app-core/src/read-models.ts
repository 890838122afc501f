// Opens the read models and their runners from configuration. Shared by the server (which
// keeps them live) and the command line (which rebuilds them), so both use the same files.
import type { EventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
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
} from '@logbook/projections';
import type { AppConfig } from './app-config';
import { ensureDataDir, restrictToOwner } from './data-files';

/** Injection token of the opened read models. */
export const READ_MODELS = Symbol('READ_MODELS');

export interface ReadModels {
  gameStates: GameStateStore;
  analytics: AnalyticsStore;
  runners: Record<'game-states' | 'analytics', ReadModelRunner>;
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
    gameStates = new PostgresGameStateStore(database);
    analytics = new PostgresAnalyticsStore(database);
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
  const runners = {
    'game-states': runnerOf(() => new GameStatesProjection(gameStates, readLog)),
    analytics: runnerOf(() => new AnalyticsProjection(analytics, readLog)),
  };
  return {
    gameStates,
    analytics,
    runners,
    async close() {
      await Promise.all(Object.values(runners).map((r) => r.stop()));
      await gameStates.close();
      await analytics.close();
      await checkpoints.close();
      await database?.close();
    },
  };
}

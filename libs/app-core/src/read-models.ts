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
  ProjectionRunner,
  SqliteCheckpointStore,
  SqliteGameStateStore,
  type CheckpointStore,
  type GameStateStore,
} from '@logbook/projections';
import type { AppConfig } from './app-config';
import { ensureDataDir, restrictToOwner } from './data-files';

/** Injection token of the opened read models. */
export const READ_MODELS = Symbol('READ_MODELS');

export interface ReadModels {
  gameStates: GameStateStore;
  analytics: AnalyticsStore;
  runners: Record<'game-states' | 'analytics', ProjectionRunner>;
  close(): Promise<void>;
}

/** How long a handled event may wait before the read model's rows and checkpoint are written. */
export const READ_MODEL_FLUSH_MS = 1000;
/** ...or how many events, whichever comes first. */
export const READ_MODEL_CHECKPOINT_EVENTS = 5000;

export function openReadModels(store: EventStore, config: AppConfig['readModels']): ReadModels {
  let gameStates: GameStateStore;
  let checkpoints: CheckpointStore;
  let analytics: AnalyticsStore;
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
  // once per 50 events (GET /games still flushes first, so it lists what was just recorded).
  const runners = {
    'game-states': new ProjectionRunner(store, checkpoints, new GameStatesProjection(gameStates, readLog), {
      checkpointEvery: READ_MODEL_CHECKPOINT_EVENTS,
      checkpointIntervalMs: READ_MODEL_FLUSH_MS,
    }),
    analytics: new ProjectionRunner(store, checkpoints, new AnalyticsProjection(analytics, readLog), {
      checkpointEvery: READ_MODEL_CHECKPOINT_EVENTS,
      checkpointIntervalMs: READ_MODEL_FLUSH_MS,
    }),
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
    },
  };
}

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
  PostgresGameStateStore,
  PostgresReadModelDatabase,
  ProjectionRunner,
  SharedGenerations,
  SqliteCheckpointStore,
  SqliteGameStateStore,
  type CheckpointStore,
  type GameStateStore,
  type Projection,
  type ReadModelRunner,
  GenerationalReadModel,
  SqliteGenerationControl,
  generationFile,
  generationFilesIn,
  openReadModelDatabase,
  type Generation,
  type OnlineRebuildStatus,
  type StartedRebuild,
  type Awaitable,
} from '@logbook/projections';
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
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

export type ReadModelName = 'game-states' | 'analytics';
export const READ_MODEL_NAMES: readonly ReadModelName[] = ['game-states', 'analytics'];

export interface ReadModels {
  /** The live generation's stores: ask on every read, a switch changes them. */
  readonly gameStates: GameStateStore;
  readonly analytics: AnalyticsStore;
  runners: Record<ReadModelName, ReadModelRunner>;
  /**
   * Builds a new generation of the read model beside the live one, which keeps serving until the new
   * one has caught up and takes over. Throws at once `RebuildInProgressError` when one is under way;
   * `done` rejects when the rebuild failed. On PostgreSQL a server that does not run the projection
   * records the request for the one that does (`accepted`, which rejects when another came first).
   */
  rebuildOnline(name: ReadModelName, onProgress?: (status: OnlineRebuildStatus) => void): StartedRebuild;
  /** The online rebuild under way, or the last one since the server started (PostgreSQL: any server recorded). */
  rebuildStatus(name: ReadModelName): OnlineRebuildStatus | undefined;
  /** The live generation's number. */
  generation(name: ReadModelName): number | undefined;
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
/**
 * ...or how many events, whichever comes first: how much a restart folds again at most. Not what
 * bounds memory (the rows below do), so a few busy games are written once a second, not once per
 * few thousand events (at 5,000, a hundred games at 20,000 commands/s were written whole seven
 * times a second: a seventh of the durable command path).
 */
export const READ_MODEL_CHECKPOINT_EVENTS = 50_000;
/** ...or how many changed rows (games) wait in memory: what bounds the memory they hold. */
export const READ_MODEL_CHECKPOINT_ROWS = 1000;
/** The two bounds above as runner options: every runner of a read model saves by them, a rebuild's too. */
export const READ_MODEL_SAVE_BOUNDS = { checkpointEvery: READ_MODEL_CHECKPOINT_EVENTS, checkpointRows: READ_MODEL_CHECKPOINT_ROWS } as const;

export interface OpenReadModelsOptions {
  /** How often a stand-by server tries a shared projection's lease (PostgreSQL; default 1 s). */
  leaseRetryMs?: number;
  /** How long a switched-from generation stays open for reads already under way (default 1 s). */
  retireAfterMs?: number;
  /**
   * The server: a read model whose stored rows a new version cannot trust (`needsRebuild`) serves
   * them while it is rebuilt online, instead of being rebuilt in place before the server answers
   * (the command line, which holds the store, keeps the in-place rebuild).
   */
  rebuildStaleOnline?: boolean;
  /** Milliseconds on a monotonic clock, for how old a stand-by's knowledge of the live generation is (PostgreSQL; tests move it). */
  monotonicNow?: () => number;
}

/** The projection as the runner sees it, minus `needsRebuild`: its start never rebuilds in place. */
function withoutStaleCheck(projection: Projection): Projection {
  const { reset, flush, unwritten } = projection;
  return {
    name: projection.name,
    filter: projection.filter,
    rebuildFilter: projection.rebuildFilter,
    handle: (event) => projection.handle(event),
    ...(reset ? { reset: () => reset.call(projection) } : {}),
    ...(flush ? { flush: () => flush.call(projection) } : {}),
    ...(unwritten ? { unwritten: () => unwritten.call(projection) } : {}),
  };
}

/** Whatever holds a game's rows in one read model: it can be read, put and flushed. */
interface RowStore<R> {
  get(gameId: string): R | undefined | Promise<R | undefined>;
  put(record: R): void;
  flush(): unknown;
}

const renamed = <S extends { seat: number; name: string }>(seats: S[], names: ReadonlyMap<number, string>): S[] =>
  seats.map((s) => {
    const name = names.get(s.seat);
    return name === undefined ? s : Object.assign({}, s, { name });
  });

/** Renames a game's seats in one store's row; `writeNow` writes it at once (PostgreSQL), else put + flush. */
async function renameRow<R>(
  store: RowStore<R>,
  gameId: string,
  seatsOf: (record: R) => { seats: Array<{ seat: number; name: string }> },
  names: ReadonlyMap<number, string>,
  writeNow?: (record: R) => Promise<void>,
): Promise<void> {
  const record = await store.get(gameId);
  if (record) {
    const holder = seatsOf(record);
    holder.seats = renamed(holder.seats, names);
    if (writeNow) await writeNow(record);
    else store.put(record);
  }
  await store.flush();
}

export function openReadModels(store: EventStore, config: AppConfig['readModels'], options: OpenReadModelsOptions = {}): ReadModels {
  return config.kind === 'postgres' ? openSharedReadModels(store, config, options) : openLocalReadModels(store, config, options);
}

const readLogOf = (store: EventStore) => async (gameId: string, toRevision: number) => {
  const result = await store.readStream(gameStreamId(gameId), { fromRevision: 0, maxCount: toRevision + 1 });
  return result.status === 'ok' ? result.events : [];
};

// Written on a timer, off the command path: each changed game's row once per interval, not
// once per 50 events (GET /games still waits for what was just recorded).
const newRunner = (store: EventStore, checkpoints: CheckpointStore, projection: Projection): ProjectionRunner =>
  new ProjectionRunner(store, checkpoints, projection, { ...READ_MODEL_SAVE_BOUNDS, checkpointIntervalMs: READ_MODEL_FLUSH_MS });

/** A read model's rows as its store port has them: besides a game's row, listed, cleared and closed. */
interface ReadModelRows<Row, Query, Listed> extends RowStore<Row> {
  list(query?: Query): Awaitable<Listed[]>;
  clear(): Awaitable<void>;
  flush(): Awaitable<void>;
  close(): Awaitable<void>;
}

/**
 * The store readers hold of a shared read model: its reads go to the live generation's rows and
 * are asked again of the next one should their tables be gone (`SharedGenerations.reading`).
 */
function readingLive<Row, Query, Listed>(model: {
  readonly store: ReadModelRows<Row, Query, Listed>;
  reading<T>(read: (store: ReadModelRows<Row, Query, Listed>) => Awaitable<T>): Awaitable<T>;
}): ReadModelRows<Row, Query, Listed> {
  return {
    get: (key) => model.reading((rows) => rows.get(key)),
    list: (query) => model.reading((rows) => rows.list(query)),
    put: (row) => model.store.put(row),
    clear: () => model.store.clear(),
    flush: () => model.store.flush(),
    close: () => model.store.close(),
  };
}

/**
 * PostgreSQL: one set of tables shared by several servers, one of which runs each projection (a
 * lease). Each read model lives in generations (`SharedGenerations`): the lease holder builds the
 * next one's tables beside the live one's and switches in one transaction; the others follow.
 */
function openSharedReadModels(store: EventStore, config: Extract<AppConfig['readModels'], { kind: 'postgres' }>, options: OpenReadModelsOptions): ReadModels {
  const database = new PostgresReadModelDatabase(config.url, config.serverId);
  const readLog = readLogOf(store);
  const runnerOf = (checkpoints: CheckpointStore, projection: Projection) =>
    newRunner(store, checkpoints, options.rebuildStaleOnline ? withoutStaleCheck(projection) : projection);
  const shared = {
    runnerOf,
    retryMs: options.leaseRetryMs,
    retireAfterMs: options.retireAfterMs,
    rebuildStaleOnStart: options.rebuildStaleOnline,
    monotonicNow: options.monotonicNow,
  };
  // One server runs each at a time, the others stand by; each term of the lease starts fresh projections.
  const models = {
    'game-states': new SharedGenerations(database, {
      name: 'game-states',
      tables: ['logbook_game_states'],
      openStore: (generation) => new PostgresGameStateStore(database, generation),
      projectionOf: (rows) => new GameStatesProjection(rows, readLog),
      ...shared,
    }),
    analytics: new SharedGenerations(database, {
      name: 'analytics',
      tables: ['logbook_analytics_games'],
      openStore: (generation) => new PostgresAnalyticsStore(database, generation),
      projectionOf: (rows) => new AnalyticsProjection(rows, readLog),
      ...shared,
    }),
  };
  const runners = { 'game-states': models['game-states'].runner, analytics: models.analytics.runner };
  const gameStates: GameStateStore = readingLive(models['game-states']);
  const analytics: AnalyticsStore = readingLive(models.analytics);
  return {
    gameStates,
    analytics,
    runners,
    rebuildOnline: (name, onProgress) => models[name].rebuildOnline(onProgress),
    rebuildStatus: (name) => models[name].rebuildStatus,
    generation: (name) => models[name].generation,
    async refreshNames(gameId, names) {
      // An erasure writes its rows at once, not at the lease holder's next checkpoint; the generation being built too.
      models['game-states'].forgetHistory(gameId);
      models.analytics.forgetHistory(gameId);
      for (const rows of await models['game-states'].erasureStores()) {
        await renameRow(
          rows,
          gameId,
          (r) => r.state,
          names.board,
          (r) => rows.writeNow(r),
        );
      }
      for (const rows of await models.analytics.erasureStores()) {
        await renameRow(
          rows,
          gameId,
          (f) => f.figures,
          names.shown,
          (f) => rows.writeNow(f),
        );
      }
      // The rows' old versions stay in the tables' pages until a vacuum rewrites them.
      await database.vacuumNames();
    },
    async close() {
      await Promise.all(Object.values(runners).map((r) => r.stop()));
      for (const model of Object.values(models)) model.close();
      await database.close();
    },
  };
}

/**
 * SQLite (or memory): each read model lives in generations (`GenerationalReadModel`). Generation 0
 * is the read models' file's own tables; an online rebuild writes generation N+1 to a file of its
 * own beside it, and `read_model_generations` in the read models' file says which one is live.
 */
function openLocalReadModels(store: EventStore, config: Exclude<AppConfig['readModels'], { kind: 'postgres' }>, options: OpenReadModelsOptions): ReadModels {
  const file = config.kind === 'sqlite' ? config.filename : undefined;
  let control: SqliteGenerationControl | undefined;
  let sharedCheckpoints: CheckpointStore;
  if (file) {
    ensureDataDir(file);
    try {
      control = new SqliteGenerationControl(file);
      sharedCheckpoints = new SqliteCheckpointStore({ filename: file });
    } catch (error) {
      throw new Error(`Read models ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  } else {
    sharedCheckpoints = new InMemoryCheckpointStore();
  }
  const readLog = readLogOf(store);

  /** Opens a generation's store, checkpoints and runner; dropping it empties its rows, its checkpoint and its file. */
  function generationOf<S extends GameStateStore | AnalyticsStore, P extends Projection & { forgetHistory(gameId: string): void }>(
    name: ReadModelName,
    number: number,
    openStore: (filename: string | undefined) => S,
    projectionOf: (store: S) => P,
  ): Generation<S> {
    const filename = file === undefined ? undefined : number === 0 ? file : generationFile(file, name, number);
    const own = number !== 0 || file === undefined;
    let rows: S;
    let checkpoints: CheckpointStore;
    try {
      rows = openStore(filename);
      checkpoints = !own ? sharedCheckpoints : filename ? new SqliteCheckpointStore({ filename }) : new InMemoryCheckpointStore();
    } catch (error) {
      throw new Error(`Read models ${filename}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (filename) restrictToOwner(filename);
    const projection = projectionOf(rows);
    const close = async () => {
      await rows.close();
      if (own) await checkpoints.close();
    };
    return {
      number,
      store: rows,
      // Stale rows (a projection's version change) are rebuilt online, not in place before serving.
      runner: newRunner(store, checkpoints, options.rebuildStaleOnline ? withoutStaleCheck(projection) : projection),
      needsRebuild: () => projection.needsRebuild?.() ?? false,
      forgetHistory: (gameId) => projection.forgetHistory(gameId),
      async discard() {
        await rows.clear();
        await checkpoints.reset(name);
        await close();
        if (number !== 0 && filename) removeSqliteFile(filename);
      },
      close,
    };
  }

  const openGameStates = (filename: string | undefined): GameStateStore => (filename ? new SqliteGameStateStore({ filename }) : new InMemoryGameStateStore());
  const openAnalytics = (filename: string | undefined): AnalyticsStore => (filename ? new SqliteAnalyticsStore({ filename }) : new InMemoryAnalyticsStore());

  function modelOf<S extends GameStateStore | AnalyticsStore, P extends Projection & { forgetHistory(gameId: string): void }>(
    name: ReadModelName,
    openStore: (filename: string | undefined) => S,
    projectionOf: (store: S) => P,
  ): GenerationalReadModel<S> {
    const live = control?.live(name) ?? 0;
    if (file) dropStaleGenerations(file, name, live, () => generationOf(name, 0, openStore, projectionOf));
    return new GenerationalReadModel(
      name,
      generationOf(name, live, openStore, projectionOf),
      (number) => generationOf(name, number, openStore, projectionOf),
      (number) => control?.commit(name, number),
      { retireAfterMs: options.retireAfterMs, rebuildStaleOnStart: options.rebuildStaleOnline },
    );
  }

  const models = {
    'game-states': modelOf('game-states', openGameStates, (rows) => new GameStatesProjection(rows, readLog)),
    analytics: modelOf('analytics', openAnalytics, (rows) => new AnalyticsProjection(rows, readLog)),
  };
  return {
    get gameStates() {
      return models['game-states'].store;
    },
    get analytics() {
      return models.analytics.store;
    },
    runners: { 'game-states': models['game-states'].runner, analytics: models.analytics.runner },
    rebuildOnline: (name, onProgress) => models[name].rebuildOnline(onProgress),
    rebuildStatus: (name) => models[name].rebuildStatus,
    generation: (name) => models[name].live.number,
    async refreshNames(gameId, names) {
      // The generation being built too: it may have folded the game's events before the erasure.
      for (const generation of models['game-states'].generations()) {
        generation.forgetHistory(gameId);
        await renameRow(generation.store, gameId, (r) => r.state, names.board);
      }
      for (const generation of models.analytics.generations()) {
        generation.forgetHistory(gameId);
        await renameRow(generation.store, gameId, (f) => f.figures, names.shown);
      }
      // The rows' old versions sit in the WAL until it is copied back and cut (secure_delete zeroes the freed pages).
      if (file) for (const filename of filesInUse(file, models)) checkpointReadModels(filename);
    },
    async close() {
      await Promise.all(Object.values(models).map((model) => model.close()));
      await sharedCheckpoints.close();
      control?.close();
    },
  };
}

/** Every SQLite file the read models' live and building generations write to. */
function filesInUse(file: string, models: Record<ReadModelName, GenerationalReadModel<unknown>>): Set<string> {
  const files = new Set([file]);
  for (const [name, model] of Object.entries(models)) {
    for (const { number } of model.generations()) if (number !== 0) files.add(generationFile(file, name, number));
  }
  return files;
}

/**
 * On open: deletes generation files that are not live (a rebuild a crash cut short, or a
 * switched-from generation not yet deleted), and empties generation 0's tables once a later one
 * is live, so no stale rows (nor erased names) stay behind.
 */
function dropStaleGenerations(file: string, name: ReadModelName, live: number, openFirst: () => Generation<unknown>): void {
  const dir = dirname(file);
  for (const number of new Set(generationFilesIn(readdirSync(dir), basename(file), name))) {
    if (number !== live) removeSqliteFile(generationFile(file, name, number));
  }
  if (live !== 0)
    openFirst()
      .discard()
      .catch(() => undefined);
}

function removeSqliteFile(filename: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${filename}${suffix}`, { force: true });
}

// Online rebuilds of read models shared by several servers on one PostgreSQL. The server holding
// the projection's lease runs a `GenerationalReadModel` for its term: the live generation's runner
// and, during a rebuild, the next one's beside it (tables `_gN`, checkpoint `name@gN`); the switch is
// one transaction on the lease, which every server hears (NOTIFY) and also reads on its lease
// loop's turn. A server that does not hold the lease records a request in the generations row; the
// holder picks it up. Readers everywhere read the live generation this server knows of, which only
// moves forward, and only to a generation whose switch committed.
import { GenerationalReadModel, RebuildInProgressError, type Generation, type OnlineRebuildStatus, type StartedRebuild } from '../runner/generations';
import type { CheckpointStore } from '../runner/checkpoint-store.port';
import type { Awaitable } from '../runner/awaitable';
import type { Projection, RebuildProgress } from '../runner/projection';
import type { ProjectionRunner, RunnerStatus } from '../runner/projection-runner';
import { PostgresCheckpointStore } from './postgres-checkpoint-store';
import type { PostgresReadModelDatabase, RowTableName } from './postgres-read-models';
import { SharedProjectionRunner, type LeaseTermRunner } from './shared-projection-runner';

/** A generation's store as this class needs it: it can leave the projection's commits once dropped. */
export interface SharedGenerationStore {
  unregister(): void;
}

export interface SharedGenerationsOptions<S extends SharedGenerationStore, P extends Projection> {
  name: string;
  /** The read model's row tables (the first generation's names). */
  tables: readonly RowTableName[];
  /** This server's store of a generation: made once, its readers and (on the holder) its writer share its rows in memory. */
  openStore(generation: number): S;
  projectionOf(store: S): P & { forgetHistory(gameId: string): void };
  runnerOf(checkpoints: CheckpointStore, projection: P): ProjectionRunner;
  /** How often a stand-by tries the lease and reads the generations row again (default 1 s). */
  retryMs?: number;
  /** How long a switched-from generation's tables stay for reads under way (default 1 s; at least two turns of `retryMs`). */
  retireAfterMs?: number;
  rebuildStaleOnStart?: boolean;
  clock?: () => Date;
  /** Milliseconds on a monotonic clock (default `performance.now`): how old this server's reading of the generations row is. */
  monotonicNow?: () => number;
}

/** PostgreSQL's undefined_table: the table a read names was dropped. */
const isMissingTable = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '42P01';

/** How many turns of the lease loop old a stand-by's reading of the generations row may be before a read reads it again (the grace is at least two). */
const STALE_TURNS = 1.5;

const UNDER_WAY = new Set<OnlineRebuildStatus['state']>(['requested', 'replaying', 'catching-up']);
const underWay = (status: OnlineRebuildStatus | undefined): status is OnlineRebuildStatus => status !== undefined && UNDER_WAY.has(status.state);

interface Follower {
  generation: number;
  onProgress?: (status: OnlineRebuildStatus) => void;
  resolve: (status: OnlineRebuildStatus) => void;
  reject: (error: Error) => void;
}

export class SharedGenerations<S extends SharedGenerationStore, P extends Projection> {
  /** What the server starts and stops, and what `/health` reads: the lease loop. */
  readonly runner: SharedProjectionRunner;
  private term: GenerationalReadModel<S> | undefined;
  private readonly stores = new Map<number, S>();
  /** What this server knows of the generations row; `live` only grows. */
  private live = 0;
  private shared: OnlineRebuildStatus | undefined;
  /** The reads of the generations row, one at a time (`refresh`). */
  private queue: Promise<void> = Promise.resolve();
  /** When (`monotonicNow`) the last reading of the generations row that answered was asked: a stand-by's knowledge of the live generation is that old. */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private followers: Follower[] = [];
  /** A request made on this server (the holder) is being recorded in the row (`claimAndBuild`). */
  private claiming = false;

  constructor(
    private readonly db: PostgresReadModelDatabase,
    private readonly options: SharedGenerationsOptions<S, P>,
  ) {
    // The filter is the projection's, whichever generation it writes.
    const { filter } = options.projectionOf(this.storeOf(0));
    this.runner = new SharedProjectionRunner(db, filter, options.name, () => this.openTerm(), {
      retryMs: options.retryMs,
      generation: () => this.generation,
      onTurn: () => this.refresh(),
    });
    db.onGenerationsChanged(options.name, () => {
      this.refresh().catch(() => undefined);
    });
    // Readers before the first turn of the lease loop read the generation the row says, not the first.
    this.refresh().catch(() => undefined);
  }

  get name(): string {
    return this.options.name;
  }

  /** The live generation's store on this server. */
  get store(): S {
    return this.term?.store ?? this.storeOf(this.live);
  }

  /**
   * `read` on the live generation's store, as this server knows it. After a switch the old
   * generation's tables stand for a grace of at least two turns of the lease loop, then are
   * dropped (the first generation's emptied). A server that heard neither the switch's NOTIFY nor
   * a turn of its loop for that long (an event loop held up, a lost connection) must not read them
   * then: a stand-by whose last reading of the generations row is older than a turn and a half
   * (the loop's turn itself takes a moment past its period) reads it again first; and a read that
   * finds its tables gone reads the row and asks the generation live now, once. The holder makes
   * the switches itself and knows.
   */
  reading<T>(read: (store: S) => Awaitable<T>): Awaitable<T> {
    if (!this.term && this.now() - this.confirmedAt > STALE_TURNS * (this.options.retryMs ?? 1000)) {
      return this.refresh()
        .catch(() => undefined)
        .then(() => this.readLive(read));
    }
    return this.readLive(read);
  }

  private readLive<T>(read: (store: S) => Awaitable<T>): Awaitable<T> {
    const generation = this.generation;
    const answer = read(this.store);
    if (!(answer instanceof Promise)) return answer;
    return answer.catch(async (error: unknown) => {
      if (!isMissingTable(error)) throw error;
      await this.refresh();
      if (this.generation === generation) throw error;
      return read(this.store);
    });
  }

  private now(): number {
    return this.options.monotonicNow?.() ?? performance.now();
  }

  /** The live generation's number. */
  get generation(): number {
    return this.term?.live.number ?? this.live;
  }

  /**
   * The rebuild under way, or the last one any server recorded; on the holder its own as it goes,
   * unless a request came after it (the row lags the holder's own status by a write).
   */
  get rebuildStatus(): OnlineRebuildStatus | undefined {
    const own = this.term?.rebuildStatus;
    const shared = this.shared;
    if (!own || !shared) return own ?? shared;
    return shared.startedAt > own.startedAt ? shared : own;
  }

  /**
   * The stores an erasure rewrites: every generation this server runs (the live one, the one it
   * builds); elsewhere the live one and any other generation whose tables exist now.
   */
  async erasureStores(): Promise<S[]> {
    if (this.term) return this.term.generations().map((g) => g.store);
    const [first] = this.options.tables;
    const others = (await this.db.generationTables()).filter((t) => t.base === first && t.generation > this.live).map((t) => this.storeOf(t.generation));
    return [this.store, ...others];
  }

  /** Forgets what the running projections keep of a game (an erasure), the one being built too. */
  forgetHistory(gameId: string): void {
    for (const generation of this.term?.generations() ?? []) generation.forgetHistory(gameId);
  }

  /**
   * On the holder, starts building the next generation (as `GenerationalReadModel.rebuildOnline`).
   * Elsewhere, records the request for the holder (`accepted`); `done` follows the status the
   * holder writes until the switch or the failure.
   */
  rebuildOnline(onProgress?: (status: OnlineRebuildStatus) => void): StartedRebuild {
    const term = this.term;
    if (this.claiming || underWay(this.rebuildStatus)) throw new RebuildInProgressError(this.name);
    const started: OnlineRebuildStatus = {
      readModel: this.name,
      generation: (term?.live.number ?? this.live) + 1,
      state: 'requested',
      startedAt: (this.options.clock?.() ?? new Date()).toISOString(),
      handled: 0,
      fraction: 0,
    };
    if (term) return this.claimAndBuild(term, started, onProgress);
    const accepted = this.record(started);
    const done = accepted.then((recorded) => this.followed(recorded, onProgress));
    accepted.catch(() => undefined);
    done.catch(() => undefined);
    return { started, done, accepted };
  }

  /** Records a request in the row, unless one is under way there (`RebuildInProgressError`). */
  private async record(request: OnlineRebuildStatus): Promise<OnlineRebuildStatus> {
    const recorded = await this.db.requestRebuild(this.name, request);
    if (!recorded) throw new RebuildInProgressError(this.name);
    this.shared = recorded;
    return recorded;
  }

  /** Follows a recorded request through the status the holder writes, to the switch or the failure. */
  private followed(recorded: OnlineRebuildStatus, onProgress?: (status: OnlineRebuildStatus) => void): Promise<OnlineRebuildStatus> {
    return new Promise<OnlineRebuildStatus>((resolve, reject) => this.followers.push({ generation: recorded.generation, onProgress, resolve, reject }));
  }

  /**
   * On the holder, the request is recorded in the row first, by the same conditional write as
   * anywhere else: another server's request recorded a moment ago, before its notification
   * reached this one, wins, and this one is refused (409) instead of building beside it. Until the
   * write answers, a second request here is refused at once and a request heard meanwhile is not
   * picked up (it is this one). Should the lease change hands meanwhile, the recorded request
   * waits for the next holder, as one made elsewhere does.
   */
  private claimAndBuild(term: GenerationalReadModel<S>, request: OnlineRebuildStatus, onProgress?: (status: OnlineRebuildStatus) => void): StartedRebuild {
    this.claiming = true;
    const building = this.record(request).then((recorded): StartedRebuild => {
      if (this.term !== term) return { started: recorded, done: this.followed(recorded, onProgress) };
      return term.rebuildOnline(onProgress);
    });
    building.then(
      () => {
        this.claiming = false;
      },
      () => {
        // Refused: the request that won is picked up now, not at the lease loop's next turn.
        this.claiming = false;
        this.refresh().catch(() => undefined);
      },
    );
    const accepted = building.then((run) => run.started);
    const done = building.then((run) => run.done);
    // The caller sees either rejection where it awaits one; neither is unhandled where it does not.
    accepted.catch(() => undefined);
    done.catch(() => undefined);
    return { started: request, done, accepted };
  }

  /** Reads the generations row again (a notification, the lease loop's turn); on the holder, picks up a request. */
  refresh(): Promise<void> {
    // One read at a time, in order: an answer read before a switch never lands after one read since.
    const read = this.queue.then(async () => {
      await this.db.listen().catch(() => undefined);
      const asked = this.now();
      const row = await this.db.generationRow(this.name);
      this.confirmedAt = asked;
      this.follow(row.live);
      this.shared = row.rebuild;
      this.settleFollowers();
      this.pickUp();
    });
    this.queue = read.catch(() => undefined);
    return read;
  }

  /** Ends the waits of requests made here (the runner is stopped with the others). */
  close(): void {
    for (const follower of this.followers.splice(0)) follower.reject(new Error(`Read model ${this.name} is closed`));
  }

  private storeOf(generation: number): S {
    let store = this.stores.get(generation);
    if (!store) this.stores.set(generation, (store = this.options.openStore(generation)));
    return store;
  }

  /** Moves this server's readers to `live` when the row says a later one serves; the earlier stores leave the commits. */
  private follow(live: number): void {
    if (live <= this.live) return;
    this.live = live;
    for (const [number, store] of this.stores) {
      if (number < live && !this.term?.generations().some((g) => g.number === number)) {
        store.unregister();
        this.stores.delete(number);
      }
    }
  }

  private settleFollowers(): void {
    const status = this.shared;
    if (!status) return;
    this.followers = this.followers.filter((follower) => {
      if (follower.generation !== status.generation) return true;
      follower.onProgress?.({ ...status });
      if (status.state === 'switched') follower.resolve({ ...status });
      else if (status.state === 'failed') follower.reject(new Error(status.error ?? `The rebuild of ${this.name} failed`));
      else return true;
      return false;
    });
  }

  /** The holder starts a rebuild another server asked for. */
  private pickUp(): void {
    const term = this.term;
    if (!term || this.claiming || this.rebuildStatus?.state !== 'requested' || term.generations().length > 1 || term.live.runner.status !== 'running') return;
    try {
      term.rebuildOnline().done.catch(() => undefined);
    } catch {
      // Closing, or one started here in the meantime: its status replaces the request.
    }
  }

  /** This server took the lease: drops what a rebuild cut short left, then runs the live generation and builds the next when asked. */
  private async openTerm(): Promise<LeaseTermRunner> {
    const { name, tables } = this.options;
    const row = await this.db.generationRow(name);
    this.follow(row.live);
    const live = row.live;
    // Whatever is not live: a generation a crash or a lost lease left half-built or not yet dropped, the first one's rows once a later one serves.
    const stale = new Set((await this.db.generationTables()).filter((t) => (tables as readonly string[]).includes(t.base)).map((t) => t.generation));
    if (live !== 0) stale.add(0);
    stale.delete(live);
    for (const generation of stale) await this.db.dropGeneration(name, tables, generation);
    if (underWay(row.rebuild) && row.rebuild.state !== 'requested') {
      const ended =
        row.rebuild.generation === live
          ? { state: 'switched' as const }
          : { state: 'failed' as const, error: 'the server building it stopped before the switch' };
      this.shared = { ...row.rebuild, ...ended, finishedAt: (this.options.clock?.() ?? new Date()).toISOString() };
      await this.db.writeRebuildStatus(name, this.shared);
    } else this.shared = row.rebuild;
    let term: GenerationalReadModel<S> | undefined = undefined;
    const switchTo = async (generation: number) => {
      if (!term) throw new Error(`The rebuild of ${name} was stopped`);
      await this.switchTo(term, generation);
    };
    term = new GenerationalReadModel(name, this.open(live), (generation) => this.open(generation), switchTo, {
      retireAfterMs: Math.max(this.options.retireAfterMs ?? 1000, 2 * (this.options.retryMs ?? 1000)),
      rebuildStaleOnStart: this.options.rebuildStaleOnStart,
      clock: this.options.clock,
      onStatus: (status) => void this.db.writeRebuildStatus(name, status).catch(() => undefined),
    });
    this.term = term;
    const current = term;
    return new TermRunner(current, {
      started: () => this.pickUp(),
      ended: () => {
        if (this.term === current) this.term = undefined;
      },
    });
  }

  /** A generation on the holder: its store, a fresh projection and runner, its tables made and dropped on the lease. */
  private open(number: number): Generation<S> {
    const { name, tables } = this.options;
    const store = this.storeOf(number);
    const projection = this.options.projectionOf(store);
    return {
      number,
      store,
      runner: this.options.runnerOf(new PostgresCheckpointStore(this.db, number), projection),
      needsRebuild: () => projection.needsRebuild?.() ?? false,
      forgetHistory: (gameId) => projection.forgetHistory(gameId),
      prepare: () => this.db.prepareGeneration(name, tables, number),
      discard: async () => {
        // A lease lost meanwhile leaves them to the next holder, which drops them when it takes the lease.
        const dropped = await this.db.dropGeneration(name, tables, number).catch(() => false);
        if (dropped && number !== this.live) {
          store.unregister();
          this.stores.delete(number);
        }
      },
      close: async () => undefined,
    };
  }

  /**
   * The switch on the holder: the live runner stops (its rows and checkpoint written, so its tables
   * stand still), the new one catches up with that and writes it, then the generations row says
   * the new one is live, in one transaction. The others' readers move from still tables to ones at
   * or past them, so no answer goes backwards; a failure restarts the live runner, which serves on.
   */
  private async switchTo(term: GenerationalReadModel<S>, number: number): Promise<void> {
    const live = term.live;
    const next = term.generations().find((g) => g.number === number);
    if (!next) throw new Error(`The rebuild of ${this.name} was stopped`);
    await live.runner.stop();
    try {
      const at = live.runner.position;
      for (let built = next.runner.position; at !== undefined && (built === undefined || built < at); built = next.runner.position) {
        if (next.runner.status === 'failed') throw next.runner.error instanceof Error ? next.runner.error : new Error(String(next.runner.error));
        if (next.runner.status !== 'running') throw new Error(`The rebuild of ${this.name} was stopped`);
        await Promise.race([next.runner.whenHandled(at), new Promise((resolve) => setTimeout(resolve, 50).unref())]);
      }
      await next.runner.checkpointNow();
      const position = await this.db.switchGeneration(this.name, number);
      this.follow(number);
      this.runner.followGeneration(position);
    } catch (error) {
      // Only while the term is this server's: one that ended meanwhile (the lease lost, its runners
      // stopped) must not get its live runner back, folding on without the lease.
      if (term.live === live && this.term === term) await live.runner.start().catch(() => undefined);
      throw error;
    }
  }
}

/** The lease holder's runner for one term: the term's live generation, and its rebuild ended with it. */
class TermRunner implements LeaseTermRunner {
  constructor(
    private readonly term: GenerationalReadModel<unknown>,
    private readonly hooks: { started: () => void; ended: () => void },
  ) {}

  get status(): RunnerStatus {
    return this.term.live.runner.status;
  }
  get position(): bigint | undefined {
    return this.term.runner.position;
  }
  get reconnects(): number {
    return this.term.runner.reconnects;
  }
  get error(): unknown {
    return this.term.runner.error;
  }
  get filter(): Projection['filter'] {
    return this.term.runner.filter;
  }
  async start(): Promise<void> {
    await this.term.start();
    this.hooks.started();
  }
  /**
   * The term ends (the lease lost or given back): a rebuild under way is dropped, the next holder
   * may start it again. Every runner of the term is stopped at once, each one's end awaited: the
   * term's `close` stops the live one only after the one being built, and not at all when that
   * one's last save fails (as it does once the lease is gone).
   */
  async stop(): Promise<void> {
    this.hooks.ended();
    const runners = this.term.generations().map((generation) => generation.runner);
    const [closed] = await Promise.allSettled([this.term.close(), ...runners.map((runner) => runner.stop())]);
    if (closed.status === 'rejected') throw closed.reason;
  }
  whenHandled(position: bigint): Promise<void> {
    return this.term.runner.whenHandled(position);
  }
  rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<number> {
    return this.term.runner.rebuild(onProgress);
  }
  checkpointNow(): Promise<void> {
    return this.term.live.runner.checkpointNow();
  }
}

// Online rebuilds: a read model lives in generations. Readers ask for the live one on every call;
// a rebuild builds the next one beside it (its own rows, its own checkpoint), folds from the first
// event, follows the store's tail, and when it stands at or past the live one's position it
// becomes live in one synchronous step (a reference swap), so no reader ever sees it go backwards.
// The runner itself is used as it is (wrapped from outside), so its fold loop stays its own.
import type { ProjectionRunner, ReadModelRunner, RunnerStatus } from './projection-runner';
import type { Projection, RebuildProgress } from './projection';

/** One generation of a read model: its rows (`store`), the runner that feeds them, and how to drop it. */
export interface Generation<S> {
  readonly number: number;
  readonly store: S;
  readonly runner: ProjectionRunner;
  /** True when its stored rows cannot be trusted (`Projection.needsRebuild`). */
  needsRebuild?(): boolean;
  /** Makes where its rows go before the rebuild writes them (PostgreSQL: its tables). */
  prepare?(): Promise<void>;
  /** Forgets what the projection keeps of a game besides its rows (an erasure). */
  forgetHistory(gameId: string): void;
  /** Drops its rows, its checkpoint and its file (a switched-from generation, or a failed rebuild). */
  discard(): Promise<void>;
  /** Closes it, keeping what it holds. */
  close(): Promise<void>;
}

/** `requested`: recorded for the server that runs the projection (shared PostgreSQL read models), not started yet. */
export type OnlineRebuildState = 'requested' | 'replaying' | 'catching-up' | 'switched' | 'failed';

/** What an online rebuild is doing, or did last (GET /admin/read-models, the CLI's progress). */
export interface OnlineRebuildStatus {
  readModel: string;
  /** The generation being built (live once `switched`). */
  generation: number;
  state: OnlineRebuildState;
  startedAt: string;
  finishedAt?: string;
  /** Events replayed so far. */
  handled: number;
  /** 0..1 of the replay; 1 once it follows the tail. */
  fraction: number;
  /** Why it failed (the live generation kept serving). */
  error?: string;
}

/** A rebuild just started (`started`), and its end: `done` resolves at the switch, rejects on a failure. */
export interface StartedRebuild {
  started: OnlineRebuildStatus;
  done: Promise<OnlineRebuildStatus>;
  /**
   * Where another server builds it (shared PostgreSQL read models): the request as the database
   * recorded it; rejects with `RebuildInProgressError` when another request came first.
   */
  accepted?: Promise<OnlineRebuildStatus>;
}

/**
 * Records that `generation` is live. Synchronous where it can be (SQLite: nothing awaits between
 * the caught-up check and the swap). A promise where the switch is a transaction of its own
 * (shared PostgreSQL tables): it makes the switch safe itself, and a rejection fails the rebuild.
 */
export type CommitGeneration = ((generation: number) => void) | ((generation: number) => Promise<void>);

/** A rebuild was asked for while one of the same read model is under way (HTTP 409). */
export class RebuildInProgressError extends Error {
  constructor(readonly readModel: string) {
    super(`An online rebuild of ${readModel} is already under way`);
  }
}

export interface GenerationalReadModelOptions {
  /** How long a switched-from generation stays open for reads that already hold it (default 1 s). */
  retireAfterMs?: number;
  /** How often catching up re-checks the live position and the new runner's health (default 50 ms). */
  pollMs?: number;
  clock?: () => Date;
  /** On `runner.start()`, a live generation that `needsRebuild` keeps serving and a rebuild online starts. */
  rebuildStaleOnStart?: boolean;
  /** Every change of a rebuild's status (shared read models write it where the other servers read it). */
  onStatus?: (status: OnlineRebuildStatus) => void;
}

/**
 * One read model and its generations. `store` and `runner` always answer for the live one;
 * `rebuildOnline` builds the next. `commit` records which generation is live (so a restart opens
 * it, and discards one half-built); it runs inside the switch, synchronously.
 */
export class GenerationalReadModel<S> {
  private current: Generation<S>;
  private building: Generation<S> | undefined;
  private switched = deferred();
  private retiring: Promise<void> = Promise.resolve();
  private closed = false;
  /** The rebuild under way, or the last one. */
  rebuildStatus: OnlineRebuildStatus | undefined;
  readonly runner: ReadModelRunner;

  constructor(
    readonly name: string,
    first: Generation<S>,
    private readonly next: (generation: number) => Generation<S>,
    private readonly commit: CommitGeneration,
    private readonly options: GenerationalReadModelOptions = {},
  ) {
    this.current = first;
    this.runner = new LiveGenerationRunner(this);
  }

  get live(): Generation<S> {
    return this.current;
  }

  get store(): S {
    return this.current.store;
  }

  /** The live generation and the one being built: what an erasure must reach. */
  generations(): Generation<S>[] {
    return this.building ? [this.current, this.building] : [this.current];
  }

  /** Resolves at the next switch (the live runner's waiters move to the new one). */
  nextSwitch(): Promise<void> {
    return this.switched.promise;
  }

  /**
   * Starts building the next generation; throws `RebuildInProgressError` at once when one is under
   * way. `done` resolves once the new generation serves, or rejects when the rebuild failed (the
   * live one kept serving, the new one is dropped).
   */
  rebuildOnline(onProgress?: (status: OnlineRebuildStatus) => void): StartedRebuild {
    if (this.building) throw new RebuildInProgressError(this.name);
    if (this.closed) throw new Error(`Read model ${this.name} is closed`);
    const generation = this.next(this.current.number + 1);
    this.building = generation;
    const status: OnlineRebuildStatus = {
      readModel: this.name,
      generation: generation.number,
      state: 'replaying',
      startedAt: this.now(),
      handled: 0,
      fraction: 0,
    };
    this.rebuildStatus = status;
    const report = (change: Partial<OnlineRebuildStatus>) => {
      Object.assign(status, change);
      onProgress?.({ ...status });
      this.options.onStatus?.({ ...status });
    };
    this.options.onStatus?.({ ...status });
    return { started: { ...status }, done: this.build(generation, report).then(() => ({ ...status })) };
  }

  /** Starts the live runner; with `rebuildStaleOnStart`, rebuilds stale rows online (its end shows in `rebuildStatus`). */
  async start(): Promise<void> {
    await this.current.runner.start();
    if (this.options.rebuildStaleOnStart && !this.building && this.current.needsRebuild?.()) {
      this.rebuildOnline().done.catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const building = this.building;
    let failed: { error: unknown } | undefined;
    if (building) {
      // A shutdown mid-rebuild: the half-built generation is dropped (a restart would drop it too).
      // Its failure (a last save refused) is reported after the live one is closed, not instead.
      this.building = undefined;
      try {
        await building.runner.stop();
        await building.discard();
      } catch (error) {
        failed = { error };
      }
    }
    await this.current.runner.stop();
    await this.retiring;
    await this.current.close();
    if (failed) throw failed.error;
  }

  private async build(generation: Generation<S>, report: (change: Partial<OnlineRebuildStatus>) => void): Promise<void> {
    try {
      if (generation.prepare) await generation.prepare();
      await generation.runner.rebuild((p: RebuildProgress) => report({ handled: p.handled, fraction: p.fraction }));
      report({ state: 'catching-up', fraction: 1 });
      await generation.runner.start();
      await this.catchUp(generation);
      const switching = this.commit(generation.number);
      if (switching instanceof Promise) await switching;
    } catch (error) {
      if (this.building === generation) this.building = undefined;
      await generation.runner.stop().catch(() => undefined);
      await generation.discard().catch(() => undefined);
      report({ state: 'failed', finishedAt: this.now(), error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    // Caught up: from the check in `catchUp` to here nothing awaits (a synchronous commit), so the
    // positions still hold; an asynchronous one made sure of them itself.
    const old = this.current;
    this.current = generation;
    this.building = undefined;
    const switched = this.switched;
    this.switched = deferred();
    switched.resolve();
    report({ state: 'switched', finishedAt: this.now() });
    this.retiring = this.retire(old);
  }

  /** Waits until the new generation stands at or past the live one; returns with no await after the last check. */
  private async catchUp(generation: Generation<S>): Promise<void> {
    const pollMs = this.options.pollMs ?? 50;
    for (;;) {
      if (this.closed || this.building !== generation) throw new Error(`The rebuild of ${this.name} was stopped`);
      const { status, error } = generation.runner;
      if (status === 'failed') throw error instanceof Error ? error : new Error(String(error));
      const live = this.current.runner.position;
      const built = generation.runner.position;
      if (live === undefined || (built !== undefined && built >= live)) return;
      await Promise.race([generation.runner.whenHandled(live), sleep(pollMs)]);
    }
  }

  /** Stops the old generation and drops it once reads that already hold it have ended. */
  private async retire(old: Generation<S>): Promise<void> {
    await old.runner.stop();
    await sleep(this.options.retireAfterMs ?? 1000);
    await old.discard().catch(() => undefined);
  }

  private now(): string {
    return (this.options.clock?.() ?? new Date()).toISOString();
  }
}

/** The runner readers and the server hold: always the live generation's, whichever that is now. */
class LiveGenerationRunner implements ReadModelRunner {
  constructor(private readonly model: GenerationalReadModel<unknown>) {}

  get status(): RunnerStatus {
    return this.model.live.runner.status;
  }
  get position(): bigint | undefined {
    return this.model.live.runner.position;
  }
  get reconnects(): number {
    return this.model.live.runner.reconnects;
  }
  get error(): unknown {
    return this.model.live.runner.error;
  }
  get filter(): Projection['filter'] {
    return this.model.live.runner.filter;
  }
  start(): Promise<void> {
    return this.model.start();
  }
  stop(): Promise<void> {
    return this.model.live.runner.stop();
  }
  /** An offline rebuild, in place (the command line, with the store locked). */
  rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<number> {
    return this.model.live.runner.rebuild(onProgress);
  }
  /** Waits on the live generation; a switch moves the wait to the new one (which stands at or past the old). */
  async whenHandled(position: bigint): Promise<void> {
    for (;;) {
      const runner = this.model.live.runner;
      if (runner.position !== undefined && runner.position >= position) return;
      await Promise.race([runner.whenHandled(position), this.model.nextSwitch()]);
      if (this.model.live.runner === runner) return;
    }
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

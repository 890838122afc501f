import type { Projection, RebuildProgress } from '../runner/projection';
import type { ReadModelRunner, RunnerStatus } from '../runner/projection-runner';
import { checkpointKey, type PostgresReadModelDatabase, type ProjectionLease } from './postgres-read-models';

export interface SharedProjectionRunnerOptions {
  /** How often a stand-by tries the lease, and reads the shared checkpoint (default 1 s). */
  retryMs?: number;
  /** How often a stand-by reads the checkpoint while a reader waits for it (default 50 ms). */
  pollMs?: number;
  /** The generation readers read now: its checkpoint is the one they wait for (default: the first). */
  generation?: () => number;
  /** First thing in every turn of the lease loop (the read models' generations row is read again). */
  onTurn?: () => Promise<void>;
}

/** What runs the projection while this server holds the lease: a `ProjectionRunner`, or one over a read model's generations. */
export interface LeaseTermRunner extends ReadModelRunner {
  readonly status: RunnerStatus;
  /** Writes the rows and checkpoint of what it has handled now. */
  checkpointNow(): Promise<void>;
}

/** How long the holder waits to have handled a position it was asked to write, before writing what it has. */
const WRITE_WAIT_MS = 2000;
/** Turns of the lease loop a server that lost the lease leaves to the others before it tries again. */
const YIELD_TURNS = 5;
/** A reader waits this long at the fast poll; longer waits (a position no read model follows) ride the retry tick. */
const FAST_POLL_FOR_MS = 3000;

/**
 * One projection run by one server among several on one PostgreSQL: the server holding the
 * projection's lease runs a term runner (a new one, with a fresh projection, each time it takes
 * the lease, resuming from the shared checkpoint; `SharedGenerations` gives one that also builds a
 * read model's next generation); the others stand by, trying the lease every second, and their
 * readers read the shared tables. `whenHandled` resolves once the live generation's shared
 * checkpoint (so its tables) holds the position, on the holder and the stand-bys alike.
 */
export class SharedProjectionRunner implements ReadModelRunner {
  private readonly lease: ProjectionLease;
  private runner: LeaseTermRunner | undefined;
  private running = false;
  private tick: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  /** The turn of the lease loop in progress, so stop waits for it. */
  private turn: Promise<void> = Promise.resolve();
  private shared: bigint | undefined;
  private waiters: { position: bigint; since: number; resolve: () => void }[] = [];
  private leaseError: unknown;
  /** Who ran the projection when this server last looked (itself while it holds the lease). */
  holder: string | undefined;
  /** Times this server took the lease over. */
  takeovers = 0;
  private reconnectsBefore = 0;
  /** The highest position this stand-by asked the holder for, and the one the holder is writing toward. */
  private wanted: bigint | undefined;
  private writing: bigint | undefined;
  /** After losing the lease, this server tries it again only from then on. */
  private yieldUntil = 0;

  constructor(
    private readonly db: PostgresReadModelDatabase,
    readonly filter: Projection['filter'],
    readonly name: string,
    /** This server's runner for a term of the lease (a fresh projection each time it takes it). */
    private readonly newRunner: () => LeaseTermRunner | Promise<LeaseTermRunner>,
    private readonly options: SharedProjectionRunnerOptions = {},
  ) {
    this.lease = db.lease(name);
    this.lease.onCommitted = (key, position) => {
      // The lease also writes a generation being built: only the live one's checkpoint is what readers see.
      if (key !== checkpointKey(this.name, this.generation())) return;
      this.shared = position;
      this.wake();
    };
    this.lease.onLost = () => void this.lose();
    this.lease.onWanted = (position) => this.writeWhenHandled(position);
  }

  private generation(): number {
    return this.options.generation?.() ?? 0;
  }

  /**
   * The live generation changed on this server (its switch), its checkpoint at `position`: readers
   * wait on that one from now (it stands at or past the one it replaced).
   */
  followGeneration(position: bigint | undefined): void {
    this.shared = position;
    this.wake();
  }

  get status(): RunnerStatus | 'standby' {
    if (this.runner) return this.runner.status;
    if (!this.running) return 'stopped';
    return this.leaseError === undefined ? 'standby' : 'reconnecting';
  }

  get position(): bigint | undefined {
    return this.runner?.position ?? this.shared;
  }

  get reconnects(): number {
    return this.reconnectsBefore + (this.runner?.reconnects ?? 0);
  }

  get error(): unknown {
    return this.runner?.error ?? this.leaseError;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.step();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.tick);
    clearTimeout(this.poll);
    this.tick = this.poll = undefined;
    await this.turn;
    await this.resign();
    await this.lease.release();
  }

  whenHandled(position: bigint): Promise<void> {
    if (this.shared !== undefined && this.shared >= position) return Promise.resolve();
    const reached = new Promise<void>((resolve) => this.waiters.push({ position, since: Date.now(), resolve }));
    if (this.runner) this.writeWhenHandled(position);
    else {
      // The holder writes on its timer anyway; asked, it writes as soon as it has handled the position.
      if (this.wanted === undefined || position > this.wanted) {
        this.wanted = position;
        this.db.want(this.name, position).catch(() => undefined);
      }
      this.schedulePoll();
    }
    return reached;
  }

  /** On the holder: write the rows and checkpoint once `position` is handled (bounded: it may be in a stream no read model follows). */
  private writeWhenHandled(position: bigint): void {
    const runner = this.runner;
    if (!runner || (this.writing !== undefined && this.writing >= position)) return;
    this.writing = position;
    let timer: NodeJS.Timeout | undefined;
    const bounded = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, WRITE_WAIT_MS);
      timer.unref();
    });
    void Promise.race([runner.whenHandled(position), bounded])
      .then(() => runner.checkpointNow())
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        if (this.writing === position) this.writing = undefined;
      });
  }

  /**
   * Rebuilds the shared read model: only with the lease (a running server holding it is told of,
   * by name); a command line that took it for the rebuild gives it back after.
   */
  async rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<number> {
    await this.turn;
    if (!this.runner) {
      if (!(await this.lease.tryAcquire())) {
        const holder = await this.lease.holder().catch(() => undefined);
        throw new Error(`read model ${this.name} is run by server ${holder ?? '(unknown)'}: stop the servers that share the database to rebuild it`);
      }
      this.db.forget(this.name);
      this.runner = await this.newRunner();
      this.holder = this.db.serverId;
    }
    const runner = this.runner;
    const handled = await runner.rebuild(onProgress);
    if (this.running && runner.status === 'stopped') await runner.start();
    if (!this.running) {
      this.runner = undefined;
      await runner.stop();
      await this.lease.release();
    }
    return handled;
  }

  /** One turn of the lease loop: keep, take or wait for the lease; then the next turn in `retryMs`. */
  private step(): Promise<void> {
    this.turn = this.turn.then(async () => {
      if (!this.running) return;
      try {
        await this.options.onTurn?.();
        if (this.runner) await this.lease.check();
        else if (Date.now() >= this.yieldUntil && (await this.lease.tryAcquire())) await this.lead();
        else {
          this.shared = await this.db.checkpoint(this.name, this.generation());
          this.holder = await this.lease.holder();
          this.wake();
        }
        this.leaseError = undefined;
      } catch (error) {
        this.leaseError = error;
      }
      if (this.running) {
        this.tick = setTimeout(() => void this.step(), this.options.retryMs ?? 1000);
        this.tick.unref();
      }
    });
    return this.turn;
  }

  /**
   * This server took the lease: a term runner runs the projection from the shared checkpoint. The
   * lease may go at any await of this (its connection ends: `lose` stops the runner it finds), so
   * a term opened or started after that is stopped here, never left running without the lease.
   */
  private async lead(): Promise<void> {
    // What this server remembers of the tables may be older than what the last holder wrote.
    this.db.forget(this.name);
    const runner = await this.newRunner();
    if (!this.lease.isHeld) {
      // Lost while the term was opened: `lose` found no runner to stop; this one never starts.
      await runner.stop().catch(() => undefined);
      return;
    }
    this.runner = runner;
    this.holder = this.db.serverId;
    this.takeovers += 1;
    try {
      await runner.start();
    } catch (error) {
      // A term that could not start (the database away a moment) ends; the next turn starts a fresh one.
      if (this.runner === runner) await this.resign();
      else await runner.stop().catch(() => undefined);
      throw error;
    }
    if (this.runner !== runner) {
      // Lost while it started: `lose` stopped it before its loop began, and `start` went on to begin
      // one, which would fold on without the lease (its saves refused, their rejections unheard).
      await runner.stop().catch(() => undefined);
      return;
    }
    this.shared = runner.position;
    this.wake();
  }

  /** The lease's connection ended: stop writing (the next holder resumes from the shared checkpoint). */
  private async lose(): Promise<void> {
    // Whatever ended its connection may end the next one: the other servers get the first tries.
    this.yieldUntil = Date.now() + YIELD_TURNS * (this.options.retryMs ?? 1000);
    await this.resign();
    this.holder = undefined;
  }

  private async resign(): Promise<void> {
    const runner = this.runner;
    if (!runner) return;
    this.runner = undefined;
    this.reconnectsBefore += runner.reconnects;
    // Its last save fails when the lease is gone; the rows it had not committed are the next holder's to redo.
    await runner.stop().catch(() => undefined);
    this.db.forget(this.name);
  }

  private schedulePoll(): void {
    if (this.poll || !this.running) return;
    this.poll = setTimeout(() => {
      this.poll = undefined;
      void this.db
        .checkpoint(this.name, this.generation())
        .then((position) => {
          if (!this.runner) this.shared = position;
          this.wake();
        })
        .catch(() => undefined)
        .finally(() => {
          const now = Date.now();
          if (!this.runner && this.waiters.some((waiter) => now - waiter.since < FAST_POLL_FOR_MS)) this.schedulePoll();
        });
    }, this.options.pollMs ?? 50);
    this.poll.unref();
  }

  private wake(): void {
    const shared = this.shared;
    if (shared === undefined || this.waiters.length === 0) return;
    const reached = this.waiters.filter((waiter) => waiter.position <= shared);
    if (reached.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.position > shared);
    for (const waiter of reached) waiter.resolve();
  }
}

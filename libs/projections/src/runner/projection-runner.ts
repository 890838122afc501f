import type { EventStore, RecordedEvent } from '@logbook/event-store';
import type { CheckpointStore } from './checkpoint-store.port';
import type { Projection, RebuildProgress } from './projection';

export interface ProjectionRunnerOptions {
  /** Save the checkpoint after this many handled events (default 1: after every event). */
  checkpointEvery?: number;
  /**
   * Also save it once the projection holds this many unwritten rows (`Projection.unwritten`;
   * default: no bound by rows). With it, `checkpointEvery` may be large: the rows bound the memory,
   * the interval how old the read model may be, the count how much a restart folds again.
   */
  checkpointRows?: number;
  /**
   * Also save it this many ms after the first unsaved event (default: only by count). With a
   * large `checkpointEvery`, the read model is written on a timer: once per game and interval,
   * however busy the game, and never on the path of the command that caused it.
   */
  checkpointIntervalMs?: number;
  /** Events per history read during a rebuild; progress is reported after each page. */
  rebuildPageSize?: number;
  /** ...and about this many bytes at most (`ReadAllOptions.maxBytes`): megabyte events are read a few at a time. */
  rebuildPageBytes?: number;
  onError?: (error: unknown, event: RecordedEvent) => void;
  /** First wait before resubscribing after the store dropped the subscription (doubles up to `maxBackoffMs`). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** A rebuild's history read: a few pages of megabyte events, not a thousand of them. */
export const REBUILD_PAGE_BYTES = 32 * 1024 * 1024;

/** `reconnecting`: the store dropped the subscription; the runner resubscribes from its checkpoint with backoff. */
export type RunnerStatus = 'stopped' | 'running' | 'reconnecting' | 'rebuilding' | 'failed';

/**
 * What the server and the command line drive a read model through: a `ProjectionRunner` in this
 * process, or one shared by several servers (`SharedProjectionRunner`: `standby` while another
 * server runs it). `whenHandled` resolves once the read model its readers query holds `position`.
 */
export interface ReadModelRunner {
  readonly status: RunnerStatus | 'standby';
  readonly position: bigint | undefined;
  readonly reconnects: number;
  readonly error: unknown;
  readonly filter: Projection['filter'];
  /** The server that runs the projection, where several may (undefined: this process alone). */
  readonly holder?: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  whenHandled(position: bigint): Promise<void>;
  rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<number>;
}

/**
 * Feeds one projection from the store's catch-up subscription, starting after its stored
 * checkpoint, so a restarted server resumes where it stopped. It pulls events (async
 * iterable), so a slow projection slows the read instead of piling events up in memory.
 * A handler that throws stops the runner before that event's checkpoint: `start()` retries it.
 * A subscription the store drops (server restart, leader change, network) is resumed from the
 * last handled position after a backoff (100 ms doubling to 5 s by default), as EventStoreDB's
 * client documentation asks of applications; `status`, `reconnects` and `error` say how it goes.
 */
export class ProjectionRunner implements ReadModelRunner {
  private controller: AbortController | undefined;
  private loop: Promise<void> | undefined;
  private lastHandled: bigint | undefined;
  private unsaved = 0;
  private saveTimer: NodeJS.Timeout | undefined;
  /** True while the projection is inside `handle` (an async one may be half-way through). */
  private handling = false;
  /** The save in progress, so a timed save and a counted one never interleave. */
  private saving: Promise<void> = Promise.resolve();
  private waiters: { position: bigint; resolve: () => void }[] = [];
  status: RunnerStatus = 'stopped';
  error: unknown;
  /** Times the store dropped the subscription and the runner resubscribed. */
  reconnects = 0;

  constructor(
    private readonly store: EventStore,
    private readonly checkpoints: CheckpointStore,
    private readonly projection: Projection,
    private readonly options: ProjectionRunnerOptions = {},
  ) {}

  /** Position of the last event the projection handled. */
  get position(): bigint | undefined {
    return this.lastHandled;
  }

  async start(): Promise<void> {
    if (this.status === 'running' || this.status === 'rebuilding') return;
    // Rows written before a column existed stay as they are past the checkpoint: replay them all.
    if (this.projection.needsRebuild?.()) await this.rebuild();
    this.lastHandled = await this.checkpoints.load(this.projection.name);
    this.controller = new AbortController();
    this.status = 'running';
    this.error = undefined;
    this.loop = this.follow(this.controller.signal);
    // Awaited by `stop()`, which reports a failed last save; observed here too, so a runner that
    // failed while nobody stops it (its checkpoint store refusing) never ends the process.
    this.loop.catch(() => undefined);
  }

  /** The filter the projection reads through (what "caught up" is measured against). */
  get filter(): Projection['filter'] {
    return this.projection.filter;
  }

  async stop(): Promise<void> {
    this.controller?.abort();
    await this.loop;
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
  }

  /** Resolves once an event at or after `position` has been handled (for read-your-writes). */
  whenHandled(position: bigint): Promise<void> {
    if (this.lastHandled !== undefined && this.lastHandled >= position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  /**
   * Writes the read model and the checkpoint of what has been handled now, instead of at the next
   * count or interval (readers of a shared read model wait for it); never in the middle of an event.
   */
  async checkpointNow(): Promise<void> {
    while (this.handling) await new Promise((resolve) => setImmediate(resolve));
    await this.saveCheckpoint();
  }

  /**
   * Rebuilds from the first event: resets the read model and the checkpoint, replays the
   * history up to the store's last position at the time of the call, reporting progress after
   * each page, then resumes live delivery if the runner was running. Returns events handled.
   */
  async rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<number> {
    const wasRunning = this.status === 'running';
    await this.stop();
    this.status = 'rebuilding';
    await this.projection.reset?.();
    await this.checkpoints.reset(this.projection.name);
    this.lastHandled = undefined;
    const target = await this.store.lastPosition();
    const pageSize = this.options.rebuildPageSize ?? 1000;
    const maxBytes = this.options.rebuildPageBytes ?? REBUILD_PAGE_BYTES;
    let handled = 0;
    const report = () => onProgress?.(this.progress(handled, target));
    report();
    const filter = this.projection.rebuildFilter ?? this.projection.filter;
    const read = (after: bigint | undefined) => this.store.readAll({ fromPosition: after, maxCount: pageSize, maxBytes, filter });
    // An empty store has nothing to replay; `end` only matters when there is.
    const end = target ?? -1n;
    let next = target === undefined ? undefined : read(undefined);
    try {
      replay: while (next) {
        const page = await next;
        next = undefined;
        // A page cut short by bytes is not the end: only an empty one is.
        if (page.length === 0) break;
        // The next page is asked for before this one is folded: a store that reads beside the
        // event loop (SQLite's reader thread, a database server) reads it meanwhile.
        const last = (page[page.length - 1] as RecordedEvent).position;
        if (last < end) next = read(last);
        // Folded synchronously through the page: a synchronous projection costs no promise (and no
        // turn of the event loop) per event, only where it or a checkpoint save had to wait.
        for (const event of page) {
          if (event.position > end) break replay;
          const pending = this.handle(event);
          if (pending) await pending;
          handled += 1;
        }
        report();
      }
      // What a rebuild filter skipped changes nothing: the read model stands at the target.
      if (this.projection.rebuildFilter && target !== undefined && (this.lastHandled === undefined || this.lastHandled < target)) {
        this.lastHandled = target;
        this.unsaved += 1;
      }
      await this.saveCheckpoint();
    } catch (error) {
      // A page read ahead is not waited for: its failure, if it fails too, is not this one's.
      next?.catch(() => undefined);
      this.status = 'failed';
      this.error = error;
      throw error;
    }
    onProgress?.({ ...this.progress(handled, target), fraction: 1 });
    this.status = 'stopped';
    if (wasRunning) await this.start();
    return handled;
  }

  private async follow(signal: AbortSignal): Promise<void> {
    const first = this.options.backoffMs ?? 100;
    let backoff = first;
    try {
      while (!signal.aborted) {
        const seen: Seen = { handled: false, handling: false };
        try {
          await this.subscription(signal, seen);
          // Ended by `stop()` or the store's close; a failed timed save (which aborts) stays failed.
          if (this.status !== 'failed') this.status = 'stopped';
          return;
        } catch (error) {
          this.error = error;
          if (seen.handling || signal.aborted) {
            // The projection itself failed: retrying the same event would fail the same way.
            this.status = 'failed';
            if (seen.current) this.options.onError?.(error, seen.current);
            return;
          }
          // The store dropped the subscription: keep what was handled, wait, resume after it.
          if (seen.handled) backoff = first;
          this.status = 'reconnecting';
          this.reconnects += 1;
          await this.saveCheckpoint();
          await abortableSleep(backoff, signal);
          backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 5000);
          if (!signal.aborted) this.status = 'running';
        }
      }
      if (this.status !== 'failed') this.status = 'stopped';
    } finally {
      // Refused when the lease went with the runner (a shared read model): `stop()` reports it.
      await this.saveCheckpoint();
    }
  }

  /**
   * One subscription from the last handled event until it ends. Pushed in batches where the store
   * can (in-process stores: a live group is folded inside the commit that wrote it, with no promise
   * per event), else pulled event by event. `seen` tells a projection's failure from the store's.
   */
  private async subscription(signal: AbortSignal, seen: Seen): Promise<void> {
    const options = { fromPosition: this.lastHandled, filter: this.projection.filter, signal };
    if (this.store.subscribeToAllBatches) return this.store.subscribeToAllBatches(options, (events) => this.handleAll(events, seen, 0));
    for await (const event of this.store.subscribeToAllIterable(options)) {
      const pending = this.handleSeen(event, seen);
      if (pending) await pending;
    }
  }

  /** Handles `events` from `from` on, in order; a promise only where one of them had to wait. */
  private handleAll(events: readonly RecordedEvent[], seen: Seen, from: number): void | Promise<void> {
    for (let i = from; i < events.length; i++) {
      const pending = this.handleSeen(events[i] as RecordedEvent, seen);
      if (pending) return pending.then(() => this.handleAll(events, seen, i + 1));
    }
  }

  private handleSeen(event: RecordedEvent, seen: Seen): void | Promise<void> {
    seen.current = event;
    seen.handling = true;
    const pending = this.handle(event);
    if (!pending) return this.handledSeen(seen);
    return pending.then(() => this.handledSeen(seen));
  }

  private handledSeen(seen: Seen): void {
    seen.handling = false;
    seen.handled = true;
  }

  /**
   * Handles one event; returns a promise only when something had to wait (an async projection, a
   * checkpoint save), so a synchronous projection costs no promise per event on the live path.
   */
  private handle(event: RecordedEvent): void | Promise<void> {
    this.handling = true;
    let pending: void | Promise<void>;
    try {
      pending = this.projection.handle(event);
    } catch (error) {
      this.handling = false;
      throw error;
    }
    if (pending) {
      return pending.then(
        () => {
          this.handling = false;
          return this.handled(event);
        },
        (error: unknown) => {
          this.handling = false;
          throw error;
        },
      );
    }
    this.handling = false;
    return this.handled(event);
  }

  private handled(event: RecordedEvent): void | Promise<void> {
    this.lastHandled = event.position;
    this.unsaved += 1;
    if (this.unsaved >= (this.options.checkpointEvery ?? 1) || this.rowsFull()) return this.saveCheckpoint().then(() => this.wakeWaiters(event.position));
    this.scheduleSave();
    this.wakeWaiters(event.position);
  }

  /** Whether the projection's unwritten rows have reached `checkpointRows`. */
  private rowsFull(): boolean {
    const rows = this.options.checkpointRows;
    return rows !== undefined && (this.projection.unwritten?.() ?? 0) >= rows;
  }

  private wakeWaiters(position: bigint): void {
    if (this.waiters.length === 0) return;
    const reached = this.waiters.filter((waiter) => waiter.position <= position);
    if (reached.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.position > position);
    for (const waiter of reached) waiter.resolve();
  }

  private scheduleSave(): void {
    const ms = this.options.checkpointIntervalMs;
    if (ms === undefined || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      // Never flush half an event: try again once the projection is between events.
      if (this.handling) return this.scheduleSave();
      this.saveCheckpoint().catch((error: unknown) => {
        this.status = 'failed';
        this.error = error;
        this.controller?.abort();
      });
    }, ms);
    this.saveTimer.unref();
  }

  /**
   * Writes the projection, then the checkpoint of what it had handled when the write began,
   * so the checkpoint is never ahead of what was written (events handled meanwhile wait for
   * the next save).
   */
  private saveCheckpoint(): Promise<void> {
    this.saving = this.saving
      .catch(() => undefined)
      .then(async () => {
        const position = this.lastHandled;
        const count = this.unsaved;
        if (count === 0 || position === undefined) return;
        await this.projection.flush?.();
        await this.checkpoints.save(this.projection.name, position);
        this.unsaved -= count;
      });
    return this.saving;
  }

  private progress(handled: number, target: bigint | undefined): RebuildProgress {
    const done = this.lastHandled ?? 0n;
    const fraction = target === undefined || target <= 0n ? 1 : Math.min(1, Number(done) / Number(target));
    return { projection: this.projection.name, handled, position: this.lastHandled, target, fraction };
  }
}

/** What one subscription has handed the projection: whether a failure happened inside it. */
interface Seen {
  handled: boolean;
  handling: boolean;
  current?: RecordedEvent;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

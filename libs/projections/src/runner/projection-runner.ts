import type { EventStore, RecordedEvent } from '@logbook/event-store';
import type { CheckpointStore } from './checkpoint-store.port';
import type { Projection, RebuildProgress } from './projection';

export interface ProjectionRunnerOptions {
  /** Save the checkpoint after this many handled events (default 1: after every event). */
  checkpointEvery?: number;
  /**
   * Also save it this many ms after the first unsaved event (default: only by count). With a
   * large `checkpointEvery`, the read model is written on a timer: once per game and interval,
   * however busy the game, and never on the path of the command that caused it.
   */
  checkpointIntervalMs?: number;
  /** Events per history read during a rebuild; progress is reported after each page. */
  rebuildPageSize?: number;
  onError?: (error: unknown, event: RecordedEvent) => void;
}

export type RunnerStatus = 'stopped' | 'running' | 'rebuilding' | 'failed';

/**
 * Feeds one projection from the store's catch-up subscription, starting after its stored
 * checkpoint, so a restarted server resumes where it stopped. It pulls events (async
 * iterable), so a slow projection slows the read instead of piling events up in memory.
 * A handler that throws stops the runner before that event's checkpoint: `start()` retries it.
 */
export class ProjectionRunner {
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
    this.lastHandled = await this.checkpoints.load(this.projection.name);
    this.controller = new AbortController();
    this.status = 'running';
    this.error = undefined;
    const events = this.store.subscribeToAllIterable({
      fromPosition: this.lastHandled,
      filter: this.projection.filter,
      signal: this.controller.signal,
    });
    this.loop = this.follow(events);
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
    let handled = 0;
    const report = () => onProgress?.(this.progress(handled, target));
    report();
    try {
      replay: while (target !== undefined) {
        const page = await this.store.readAll({ fromPosition: this.lastHandled, maxCount: pageSize, filter: this.projection.filter });
        for (const event of page) {
          if (event.position > target) break replay;
          await this.handle(event);
          handled += 1;
        }
        report();
        if (page.length < pageSize) break;
      }
      await this.saveCheckpoint();
    } catch (error) {
      this.status = 'failed';
      this.error = error;
      throw error;
    }
    onProgress?.({ ...this.progress(handled, target), fraction: 1 });
    this.status = 'stopped';
    if (wasRunning) await this.start();
    return handled;
  }

  private async follow(events: AsyncIterable<RecordedEvent>): Promise<void> {
    let current: RecordedEvent | undefined;
    try {
      for await (const event of events) {
        current = event;
        await this.handle(event);
      }
      this.status = 'stopped';
    } catch (error) {
      this.status = 'failed';
      this.error = error;
      if (current) this.options.onError?.(error, current);
    } finally {
      await this.saveCheckpoint();
    }
  }

  private async handle(event: RecordedEvent): Promise<void> {
    this.handling = true;
    try {
      await this.projection.handle(event);
    } finally {
      this.handling = false;
    }
    this.lastHandled = event.position;
    this.unsaved += 1;
    if (this.unsaved >= (this.options.checkpointEvery ?? 1)) await this.saveCheckpoint();
    else this.scheduleSave();
    const reached = this.waiters.filter((waiter) => waiter.position <= event.position);
    if (reached.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.position > event.position);
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
    this.saving = this.saving.catch(() => undefined).then(async () => {
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

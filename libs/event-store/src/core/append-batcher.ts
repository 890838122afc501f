import type { AppendResult, ExpectedRevision } from '../event-store.port';
import type { SerializedEvent } from './serialized-event';

/** One append as the commit sees it: what to write, and the check it must pass. */
export interface AppendRequest {
  streamId: string;
  expected: ExpectedRevision;
  events: SerializedEvent[];
}

export interface PendingAppend extends AppendRequest {
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * When a group is committed. `next-turn`: appends arriving in the same turn of the event loop
 * (typically one per game with an order in flight) wait for `setImmediate` and are committed
 * together, so one fsync covers the whole group. `this-turn`: once the code running now and its
 * promise reactions are done (a microtask), for a store with no fsync to share (memory): an
 * in-process caller with one append in flight then waits for no turn of the loop per append,
 * which cost it about a fifth of its time; every `YIELD_EVERY`th group still waits for the next
 * turn, so such a caller never starves timers, I/O and signals.
 */
export type CommitTiming = 'next-turn' | 'this-turn';

/** In `this-turn` timing, groups committed in a row without the event loop turning, at most. */
export const YIELD_EVERY = 64;

/**
 * Group commit: appends queued before the group's moment (see `CommitTiming`) are committed
 * together. `commit` receives at most `maxBatchSize` appends at a time and must settle every one.
 */
export class AppendBatcher {
  private queue: PendingAppend[] = [];
  private scheduled: NodeJS.Immediate | 'microtask' | undefined;
  /** Groups committed in a microtask since the event loop last turned (`this-turn`). */
  private inARow = 0;
  private turned: NodeJS.Immediate | undefined;

  constructor(
    private readonly commit: (batch: PendingAppend[]) => void,
    private readonly maxBatchSize: number,
    private readonly timing: CommitTiming = 'next-turn',
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  enqueue(append: PendingAppend): void {
    this.queue.push(append);
    if (this.scheduled) return;
    if (this.timing === 'next-turn' || this.inARow >= YIELD_EVERY) {
      this.scheduled = setImmediate(() => this.flush());
      return;
    }
    this.inARow += 1;
    // Reset once the loop turns; pending at most one at a time, and never holding the process open.
    this.turned ??= setImmediate(() => {
      this.turned = undefined;
      this.inARow = 0;
    }).unref();
    this.scheduled = 'microtask';
    queueMicrotask(() => {
      if (this.scheduled === 'microtask') this.flush();
    });
  }

  /** Commits everything queued now (also used by `close()` so accepted appends are not dropped). */
  flush(): void {
    if (this.scheduled && this.scheduled !== 'microtask') clearImmediate(this.scheduled);
    this.scheduled = undefined;
    while (this.queue.length > 0) {
      const batch = this.queue.length <= this.maxBatchSize ? this.queue : this.queue.slice(0, this.maxBatchSize);
      this.queue = batch === this.queue ? [] : this.queue.slice(this.maxBatchSize);
      this.commit(batch);
    }
  }
}

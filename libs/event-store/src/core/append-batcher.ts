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
 * Group commit: appends arriving in the same turn of the event loop (typically one per game
 * with an order in flight) wait for `setImmediate` and are committed together, so one fsync
 * covers the whole group. `commit` receives at most `maxBatchSize` appends at a time and must
 * settle every one of them.
 *
 * A synchronous `commit` (in-thread SQLite, memory) is done when it returns. An asynchronous one
 * (the SQLite writer thread) is done when its promise settles; one group is in flight at a time,
 * and appends arriving meanwhile form the next group: the slower the disk, the larger the groups.
 */
export class AppendBatcher {
  private queue: PendingAppend[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly commit: (batch: PendingAppend[]) => void | Promise<void>,
    private readonly maxBatchSize: number,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  enqueue(append: PendingAppend): void {
    this.queue.push(append);
    if (!this.inFlight) this.scheduled ??= setImmediate(() => this.flush());
  }

  /**
   * Commits what is queued now (also used by `close()` so accepted appends are not dropped).
   * With an asynchronous commit, starts the next group unless one is in flight (it then follows).
   */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    while (this.queue.length > 0 && !this.inFlight) {
      const batch = this.queue.length <= this.maxBatchSize ? this.queue : this.queue.slice(0, this.maxBatchSize);
      this.queue = batch === this.queue ? [] : this.queue.slice(this.maxBatchSize);
      const done = this.commit(batch);
      if (done) {
        this.inFlight = done.then(
          () => this.next(),
          () => this.next(),
        );
      }
    }
  }

  /** Resolves once every append queued so far has been committed (or refused). */
  async drain(): Promise<void> {
    this.flush();
    while (this.inFlight) {
      await this.inFlight;
      this.flush();
    }
  }

  private next(): void {
    this.inFlight = undefined;
    this.flush();
  }
}

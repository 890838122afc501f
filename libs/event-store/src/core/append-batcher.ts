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
 */
export class AppendBatcher {
  private queue: PendingAppend[] = [];
  private scheduled: NodeJS.Immediate | undefined;

  constructor(
    private readonly commit: (batch: PendingAppend[]) => void,
    private readonly maxBatchSize: number,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  enqueue(append: PendingAppend): void {
    this.queue.push(append);
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Commits everything queued now (also used by `close()` so accepted appends are not dropped). */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    while (this.queue.length > 0) {
      const batch = this.queue.length <= this.maxBatchSize ? this.queue : this.queue.slice(0, this.maxBatchSize);
      this.queue = batch === this.queue ? [] : this.queue.slice(this.maxBatchSize);
      this.commit(batch);
    }
  }
}

import type { AllFilter, BatchHandler, RecordedEvent } from '../event-store.port';
import { matchesFilter } from './all-filter';
import type { LiveListener } from './live-feed';

/** How a pushed subscription's live phase ended: re-read history (`overflowed`), or stop. */
export type LiveEnd = 'overflowed' | 'ended';

/**
 * The live side of one pushed catch-up subscription (`subscribeToAllBatches`). While history is
 * read it collects what commits, as `LiveBuffer` does; once `deliver` is called it hands that and
 * then every committed group to the handler synchronously, inside the store's publish. While a
 * handler's promise is pending, groups wait here; past `capacity` they are dropped and the phase
 * ends `overflowed`, so the subscription reads them again from history: bounded memory, no loss.
 * A handler's error never reaches the store's commit: it ends the phase, which rejects with it.
 */
export class PushedLive implements LiveListener {
  private waiting: RecordedEvent[] = [];
  private busy = false;
  private live = false;
  private overflowed = false;
  private stopped = false;
  private end: { resolve: (end: LiveEnd) => void; reject: (error: unknown) => void } | undefined;
  closed = false;
  /** The position of the last event handed on: anything at or before it is not handed again. */
  after: bigint | undefined;

  constructor(
    private readonly filter: AllFilter | undefined,
    private readonly capacity: number,
    private readonly handler: BatchHandler,
  ) {}

  onEvents(events: readonly RecordedEvent[]): void {
    if (this.overflowed || this.stopped) return;
    // Most groups are kept whole (a game's events, for a game read model): no copy of them then.
    const keeps = (event: RecordedEvent) => matchesFilter(event, this.filter);
    const kept = !this.filter || events.every(keeps) ? events : events.filter(keeps);
    if (kept.length === 0) return;
    if (this.live && !this.busy) return this.hand(kept);
    for (const event of kept) this.waiting.push(event);
    if (this.waiting.length > this.capacity) {
      this.overflowed = true;
      this.waiting = [];
      if (this.live && !this.busy) this.finish('overflowed');
    }
  }

  onClose(): void {
    this.closed = true;
    if (!this.busy) this.finish('ended');
  }

  /** Ends the live phase at the next moment no handler is running (the subscription's signal). */
  interrupt(): void {
    this.stopped = true;
    if (!this.busy) this.finish('ended');
  }

  /** Collects again from scratch, before a history read. */
  collect(): void {
    this.waiting = [];
    this.overflowed = false;
    this.live = false;
  }

  /** Hands on what was collected after `after` (what history gave), then every group as it commits, until the phase ends. */
  deliver(after: bigint | undefined): Promise<LiveEnd> {
    this.after = after;
    return new Promise<LiveEnd>((resolve, reject) => {
      this.end = { resolve, reject };
      this.live = true;
      this.drain();
    });
  }

  private drain(): void {
    if (this.closed || this.stopped) return this.finish('ended');
    if (this.overflowed) return this.finish('overflowed');
    const after = this.after;
    const waiting = after === undefined ? this.waiting : this.waiting.filter((event) => event.position > after);
    this.waiting = [];
    if (waiting.length > 0) this.hand(waiting);
  }

  private hand(events: readonly RecordedEvent[]): void {
    // Busy while the handler runs, even synchronously: a group it causes to be published waits.
    this.busy = true;
    let pending: void | Promise<void>;
    try {
      pending = this.handler(events);
    } catch (error) {
      this.busy = false;
      return this.fail(error);
    }
    this.after = (events[events.length - 1] as RecordedEvent).position;
    if (!pending) {
      this.busy = false;
      if (this.waiting.length > 0 || this.overflowed || this.closed || this.stopped) this.drain();
      return;
    }
    pending.then(
      () => {
        this.busy = false;
        this.drain();
      },
      (error: unknown) => {
        this.busy = false;
        this.fail(error);
      },
    );
  }

  private fail(error: unknown): void {
    this.stopped = true;
    this.live = false;
    const end = this.end;
    this.end = undefined;
    end?.reject(error);
  }

  private finish(how: LiveEnd): void {
    this.live = false;
    const end = this.end;
    this.end = undefined;
    end?.resolve(how);
  }
}

import type { AllFilter, BatchHandler, RecordedEvent, SubscribeOptions } from '../event-store.port';
import { LiveBuffer } from './live-buffer';
import type { LiveFeed } from './live-feed';
import { PushedLive } from './pushed-live';

export interface CatchUpSource {
  /** As `EventStore.readAll`: with `maxBytes`, only an empty page means the end. */
  readPage(after: bigint | undefined, maxCount: number, filter?: AllFilter, maxBytes?: number): RecordedEvent[] | Promise<RecordedEvent[]>;
  feed: LiveFeed;
}

export interface CatchUpTuning {
  /** Events read from history per query. */
  pageSize: number;
  /** ...and about this many bytes at most (a page of megabyte events stays bounded). */
  pageBytes: number;
  /** Live events a subscription holds for a slow consumer before it falls back to history. */
  liveCapacity: number;
}

/**
 * Catch-up subscription for in-process stores. The live listener is attached BEFORE history is
 * read, so every event committed after that moment is either in the buffer or (after an
 * overflow) read again from history: no gap. Everything delivered moves `after` forward and
 * anything at or before it is skipped: no duplicate at the hand-over.
 */
export async function* catchUp(
  source: CatchUpSource,
  options: SubscribeOptions & { signal: AbortSignal },
  tuning: CatchUpTuning,
): AsyncGenerator<RecordedEvent> {
  const { signal, filter } = options;
  const buffer = new LiveBuffer(filter, tuning.liveCapacity);
  const unsubscribe = source.feed.subscribe(buffer);
  const interrupt = () => buffer.interrupt();
  signal.addEventListener('abort', interrupt);
  let after = options.fromPosition;
  try {
    while (!signal.aborted && !buffer.closed) {
      buffer.reset();
      for (;;) {
        if (buffer.closed) return;
        const page = await source.readPage(after, tuning.pageSize, filter, tuning.pageBytes);
        for (const event of page) {
          if (signal.aborted) return;
          yield event;
          after = event.position;
        }
        if (page.length === 0) break;
      }
      while (!signal.aborted && !buffer.overflowed) {
        const event = buffer.take();
        if (event) {
          if (after !== undefined && event.position <= after) continue;
          yield event;
          after = event.position;
        } else if (buffer.closed) {
          return;
        } else {
          await buffer.changed();
        }
      }
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', interrupt);
  }
}

/**
 * The same catch-up, pushed (`EventStore.subscribeToAllBatches`): history a page at a time, each
 * page handed on whole, then live groups handed on as they commit (`PushedLive`). The listener is
 * attached before history is read and the hand-over skips what history gave, as above; an
 * overflow while a handler waits reads history again from the last event handed on.
 */
export async function catchUpBatches(
  source: CatchUpSource,
  options: SubscribeOptions & { signal: AbortSignal },
  tuning: CatchUpTuning,
  handler: BatchHandler,
): Promise<void> {
  const { signal, filter } = options;
  const live = new PushedLive(filter, tuning.liveCapacity, handler);
  const unsubscribe = source.feed.subscribe(live);
  const interrupt = () => live.interrupt();
  signal.addEventListener('abort', interrupt);
  let after = options.fromPosition;
  try {
    while (!signal.aborted && !live.closed) {
      live.collect();
      for (;;) {
        if (live.closed) return;
        const page = await source.readPage(after, tuning.pageSize, filter, tuning.pageBytes);
        if (page.length === 0 || signal.aborted) break;
        const pending = handler(page);
        if (pending) await pending;
        after = (page[page.length - 1] as RecordedEvent).position;
      }
      if (signal.aborted) return;
      if ((await live.deliver(after)) === 'ended') return;
      after = live.after;
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', interrupt);
  }
}

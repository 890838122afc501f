import { BACKWARDS, END, type EventStoreDBClient, type Position, START } from '@eventstore/db-client';
import type { AllFilter, ReadAllOptions, RecordedEvent } from '../event-store.port';
import { matchesFilter } from '../core/all-filter';
import { fromResolvedEvent, isSystemEvent, toPosition, toServerFilter } from './eventstoredb-mapping';

type ReadStream = ReturnType<EventStoreDBClient['readAll']> | ReturnType<EventStoreDBClient['readStream']>;
type Subscription = ReturnType<EventStoreDBClient['subscribeToAll']>;

/** A read the adapter started, so `close()` can end it (see EventStoreDbEventStore.track). */
export interface ClosableRead {
  stream: ReadStream | Subscription;
  closeWith(error: Error): Promise<void>;
}
export type Track = <T extends ReadStream | Subscription>(stream: T) => T;

/** Commit position of the newest record in `$all` (system records included), if any. */
export async function headCommitPosition(client: EventStoreDBClient, track: Track): Promise<bigint | undefined> {
  let head: bigint | undefined;
  // Read to the end (the server ends after one record): returning from inside the loop would
  // leave the client's gRPC stream paused and never ended, and `dispose()` waits for it forever.
  for await (const resolved of track(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }))) {
    head ??= resolved.event?.position.commit ?? resolved.commitPosition;
  }
  return head;
}

const BACKWARDS_PAGE = 100;

/**
 * Position of the newest event the filter keeps. Client v6 reads `$all` without a server
 * filter, so this pages backwards from the head (100 records a page, each page read to its
 * end) until a Logbook event matches; system records and other streams are skipped.
 */
export async function lastMatchingPosition(client: EventStoreDBClient, filter: AllFilter, track: Track): Promise<bigint | undefined> {
  let from: Position | typeof END = END;
  for (;;) {
    let found: bigint | undefined;
    let last: Position | undefined;
    let count = 0;
    for await (const resolved of track(client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: BACKWARDS_PAGE }))) {
      count += 1;
      const event = fromResolvedEvent(resolved);
      if (resolved.event?.position) last = resolved.event.position;
      if (found === undefined && event && !isSystemEvent(event.type) && matchesFilter(event, filter)) found = event.position;
    }
    if (found !== undefined) return found;
    if (count < BACKWARDS_PAGE || !last) return undefined;
    from = last;
  }
}

/**
 * A `$all` read with a server-side filter. Client v6's `readAll` sends no filter, so this runs
 * a filtered catch-up subscription and stops at the head of `$all` as it was when the read
 * began: whichever comes first of the `caughtUp` signal (servers 23.10+), a filter checkpoint
 * or an event at or past that head, or `maxCount` events. Starting from a position is
 * exclusive, like a subscription's checkpoint.
 */
export async function readAllFiltered(client: EventStoreDBClient, options: ReadAllOptions, track: Track): Promise<RecordedEvent[]> {
  const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
  const head = await headCommitPosition(client, track);
  const from = options.fromPosition;
  if (head === undefined || maxCount <= 0 || (from !== undefined && from >= head)) return [];

  const events: RecordedEvent[] = [];
  let reachedHead = false;
  const subscription = track(
    client.subscribeToAll({
      fromPosition: from === undefined ? START : toPosition(from),
      filter: toServerFilter(options.filter, (_subscription, checkpoint) => {
        if (checkpoint.commit >= head) stop();
      }),
    }),
  );
  function stop(): void {
    reachedHead = true;
    void subscription.unsubscribe();
  }
  subscription.once('caughtUp', stop);
  try {
    for await (const resolved of subscription) {
      const event = fromResolvedEvent(resolved);
      // System records (a tombstone's `$streamDeleted` matches its stream's prefix) never count towards maxCount.
      if (event && !isSystemEvent(event.type) && (from === undefined || event.position > from) && matchesFilter(event, options.filter)) {
        events.push(event);
      }
      if (events.length >= maxCount || reachedHead || (event && event.position >= head)) break;
    }
  } finally {
    await subscription.unsubscribe();
  }
  return events;
}

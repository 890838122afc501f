import { BACKWARDS, END, type EventStoreDBClient, START } from '@eventstore/db-client';
import type { ReadAllOptions, RecordedEvent } from '../event-store.port';
import { matchesFilter } from '../core/all-filter';
import { fromResolvedEvent, toPosition, toServerFilter } from './eventstoredb-mapping';

/** Commit position of the newest record in `$all` (system records included), if any. */
export async function headCommitPosition(client: EventStoreDBClient): Promise<bigint | undefined> {
  let head: bigint | undefined;
  // Read to the end (the server ends after one record): returning from inside the loop would
  // leave the client's gRPC stream paused and never ended, and `dispose()` waits for it forever.
  for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) {
    head ??= resolved.event?.position.commit ?? resolved.commitPosition;
  }
  return head;
}

/**
 * A `$all` read with a server-side filter. Client v6's `readAll` sends no filter, so this runs
 * a filtered catch-up subscription and stops at the head of `$all` as it was when the read
 * began: whichever comes first of the `caughtUp` signal (servers 23.10+), a filter checkpoint
 * or an event at or past that head, or `maxCount` events. Starting from a position is
 * exclusive, like a subscription's checkpoint.
 */
export async function readAllFiltered(client: EventStoreDBClient, options: ReadAllOptions): Promise<RecordedEvent[]> {
  const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
  const head = await headCommitPosition(client);
  const from = options.fromPosition;
  if (head === undefined || maxCount <= 0 || (from !== undefined && from >= head)) return [];

  const events: RecordedEvent[] = [];
  let reachedHead = false;
  const subscription = client.subscribeToAll({
    fromPosition: from === undefined ? START : toPosition(from),
    filter: toServerFilter(options.filter, (_subscription, checkpoint) => {
      if (checkpoint.commit >= head) stop();
    }),
  });
  function stop(): void {
    reachedHead = true;
    void subscription.unsubscribe();
  }
  subscription.once('caughtUp', stop);
  try {
    for await (const resolved of subscription) {
      const event = fromResolvedEvent(resolved);
      if (event && (from === undefined || event.position > from) && matchesFilter(event, options.filter)) {
        events.push(event);
      }
      if (events.length >= maxCount || reachedHead || (event && event.position >= head)) break;
    }
  } finally {
    await subscription.unsubscribe();
  }
  return events;
}

import { isDeepStrictEqual } from 'node:util';
import { type EventStore, WrongExpectedRevisionError } from '@logbook/event-store';
import { orderEvents } from './orders-throughput.bench';

/** A stale order (expected revision behind the stream) must be refused and change nothing. */
export async function rejectedAppendLeavesStream(store: EventStore, streamId: string): Promise<{ rejected: boolean; unchanged: boolean }> {
  const before = await store.readStream(streamId);
  if (before.status !== 'ok' || before.events.length < 2) throw new Error(`${streamId} needs history for this check`);
  const stale = before.events.at(-2)!.revision;
  const error = await store.append(streamId, orderEvents(streamId, 0, 1), stale).catch((e: unknown) => e);
  const after = await store.readStream(streamId);
  return { rejected: error instanceof WrongExpectedRevisionError, unchanged: isDeepStrictEqual(before, after) };
}

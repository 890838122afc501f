import type { AppendResult, ExpectedRevision } from '../event-store.port';
import type { StreamHead } from './expected-revision';
import type { StreamQuery } from './local-storage';
import type { StoredEventRef } from './stored-event-ref';

/** How far back an 'any' / 'stream_exists' append looks for an earlier attempt of itself. */
export const IDEMPOTENCE_WINDOW = 1000;

export type RetryVerdict = { retryOf: AppendResult } | 'new' | 'conflict';

/**
 * EventStoreDB's idempotence rule: an append whose events are ALL already in the stream, at
 * consecutive revisions starting where `expected` said the stream was, is a retry of a write
 * that succeeded unseen, and gets the original result. With an exact revision or 'no_stream'
 * the place is known, so the check is exact. With 'any' or 'stream_exists' the ids are looked
 * for among the stream's last IDEMPOTENCE_WINDOW events (EventStoreDB also promises only best
 * effort there); some but not all of them found means the caller's view is stale: 'conflict'.
 * Ids are keys within a stream, as in EventStoreDB: no global id index, which would cost half
 * the write throughput (random UUIDs touch a different index page per event).
 */
export function detectIdempotentRetry(
  streamId: string,
  eventIds: readonly string[],
  expected: ExpectedRevision,
  head: StreamHead,
  readRefs: (query: StreamQuery) => StoredEventRef[],
): RetryVerdict {
  if (head === undefined) return 'new';
  if (typeof expected === 'number' || expected === 'no_stream') {
    const fromRevision = expected === 'no_stream' ? 0 : expected + 1;
    const refs = readRefs({ streamId, direction: 'forwards', fromRevision, maxCount: eventIds.length });
    const same = refs.length === eventIds.length && refs.every((ref, i) => ref.id === eventIds[i]);
    return same ? { retryOf: resultOf(refs) } : 'conflict';
  }
  const wanted = new Set(eventIds);
  const found = new Map<string, StoredEventRef>();
  for (const ref of readRefs({ streamId, direction: 'backwards', maxCount: IDEMPOTENCE_WINDOW })) {
    if (wanted.has(ref.id)) found.set(ref.id, ref);
  }
  if (found.size === 0) return 'new';
  const refs = eventIds.map((id) => found.get(id));
  const first = refs[0];
  const consecutive = first !== undefined && refs.every((ref, i) => ref?.revision === first.revision + i);
  return consecutive ? { retryOf: resultOf(refs as StoredEventRef[]) } : 'conflict';
}

function resultOf(refs: readonly StoredEventRef[]): AppendResult {
  const last = refs[refs.length - 1];
  return { nextExpectedRevision: last.revision, position: last.position, positions: refs.map((ref) => ref.position) };
}

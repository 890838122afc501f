import type { AppendResult, ExpectedRevision } from '../event-store.port';
import { DuplicateEventIdError } from '../errors';
import { retryStartsAt, type StreamHead, wrongExpectedRevision } from './expected-revision';

/** Where an already stored event sits. */
export interface StoredEventRef {
  streamId: string;
  revision: number;
  position: bigint;
}

/**
 * EventStoreDB's idempotence rule, applied by every local adapter: an append whose events are
 * ALL already in the stream, at consecutive revisions starting where `expected` said the stream
 * was, is a retry of a write that succeeded (the caller never saw the answer) and returns the
 * original result without writing. Returns undefined when none of the ids is stored (a new
 * write). Any partial overlap is a conflict: the caller's view of the stream is stale.
 */
export function detectIdempotentRetry(
  streamId: string,
  eventIds: readonly string[],
  expected: ExpectedRevision,
  head: StreamHead,
  lookup: (eventId: string) => StoredEventRef | undefined,
): AppendResult | undefined {
  const refs = eventIds.map(lookup);
  if (refs.every((ref) => ref === undefined)) return undefined;

  refs.forEach((ref, i) => {
    if (ref && ref.streamId !== streamId) {
      throw new DuplicateEventIdError(eventIds[i], streamId, ref.streamId);
    }
  });
  const first = refs[0];
  const consecutive =
    first !== undefined && refs.every((ref, i) => ref !== undefined && ref.revision === first.revision + i);
  if (!consecutive || !retryStartsAt(expected, first.revision)) {
    throw wrongExpectedRevision(streamId, expected, head);
  }
  const last = refs[refs.length - 1] as StoredEventRef;
  return { nextExpectedRevision: last.revision, position: last.position };
}

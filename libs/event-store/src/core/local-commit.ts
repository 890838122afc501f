import type { AppendResult, RecordedEvent } from '../event-store.port';
import { DuplicateEventIdError } from '../errors';
import type { PendingAppend } from './append-batcher';
import { satisfiesExpectedRevision, wrongExpectedRevision } from './expected-revision';
import { detectIdempotentRetry } from './idempotent-retry';
import type { LocalStorage } from './local-storage';
import { decodeRow, type StoredRow } from './serialized-event';

type Outcome = { ok: true; result: AppendResult; written: StoredRow[] } | { ok: false; error: unknown };

/**
 * Commits one group of appends in ONE transaction. Each append is checked on its own (expected
 * revision, idempotent retry) and runs in its own savepoint, so one stale append is rejected
 * while the others in the group commit. Callers are answered only after the commit; live
 * subscribers get the new events first, in global order.
 */
export function commitGroup(
  storage: LocalStorage,
  batch: readonly PendingAppend[],
  publish: ((written: StoredRow[]) => void) | undefined,
): void {
  const outcomes: Outcome[] = [];
  try {
    storage.transaction(() => {
      for (const append of batch) {
        try {
          outcomes.push({ ok: true, ...storage.isolated(() => applyAppend(storage, append)) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    // The commit itself failed (disk full, I/O error): nothing of this group is stored.
    for (const append of batch) append.reject(error);
    return;
  }
  if (publish) publish(outcomes.flatMap((outcome) => (outcome.ok ? outcome.written : [])));
  outcomes.forEach((outcome, i) => (outcome.ok ? batch[i].resolve(outcome.result) : batch[i].reject(outcome.error)));
}

function applyAppend(storage: LocalStorage, append: PendingAppend): { result: AppendResult; written: StoredRow[] } {
  const { streamId, expected, events } = append;
  const head = storage.streamHead(streamId);
  const satisfied = satisfiesExpectedRevision(expected, head);
  // With an exact revision or 'no_stream' that holds, a retry is impossible (the stream has not
  // moved since the caller read it), so the hot path skips the id lookups.
  const mayBeRetry = !satisfied || expected === 'any' || expected === 'stream_exists';
  if (mayBeRetry) {
    const ids = events.map((event) => event.id);
    const original = detectIdempotentRetry(streamId, ids, expected, head, (id) => storage.findEvent(id));
    if (original) return { result: original, written: [] };
    if (!satisfied) throw wrongExpectedRevision(streamId, expected, head);
  }
  const firstRevision = head === undefined ? 0 : head + 1;
  const positions = storage.insert(streamId, firstRevision, events);
  const written = events.map((event, i) => ({
    ...event,
    streamId,
    revision: firstRevision + i,
    position: positions[i],
  }));
  const last = written[written.length - 1];
  return { result: { nextExpectedRevision: last.revision, position: last.position }, written };
}

/** For storages whose unique index caught a reused id: say where the id already lives. */
export function duplicateIdError(storage: LocalStorage, streamId: string, eventId: string): DuplicateEventIdError {
  return new DuplicateEventIdError(eventId, streamId, storage.findEvent(eventId)?.streamId);
}

export function decodeRows(rows: readonly StoredRow[], upcast: (event: RecordedEvent) => RecordedEvent): RecordedEvent[] {
  return rows.map((row) => upcast(decodeRow(row)));
}

import type { AppendResult } from '../event-store.port';
import type { AppendRequest, PendingAppend } from './append-batcher';
import { satisfiesExpectedRevision, wrongExpectedRevision } from './expected-revision';
import { detectIdempotentRetry } from './idempotent-retry';
import type { LocalStorage } from './local-storage';

/** How one append of a group ended; `written` is false for an idempotent retry (nothing new stored). */
export type CommitOutcome = { ok: true; result: AppendResult; written: boolean } | { ok: false; error: unknown };
/** What the check of one append found: a retry of an append already stored, or where to write it. */
export type Checked = { retryOf: AppendResult } | { firstRevision: number };
/** What the check reads: a stream's head, and (for retries and conflicts) the refs of some of its events. */
export type CheckReads = Pick<LocalStorage, 'streamHead' | 'eventRefs'>;

/** A write failed midway, so this transaction holds part of one append: it must not commit. */
class PartialWrite {
  constructor(readonly error: unknown) {}
}

/**
 * Commits one group of appends in ONE transaction (one fsync). Each append is checked on its
 * own — expected revision, idempotent retry — against the state left by the appends before
 * it, so a stale append is rejected while the others commit. Checks only read, so a rejected
 * append has nothing to undo; savepoints (which cost as much as the inserts) are used only if a
 * write itself fails, by redoing the group with one savepoint per append. Callers are answered
 * after the commit; live subscribers hear first, in global order.
 */
export function commitGroup(
  storage: LocalStorage,
  batch: readonly PendingAppend[],
  publish: ((batch: readonly AppendRequest[], outcomes: readonly CommitOutcome[]) => void) | undefined,
): void {
  let outcomes: CommitOutcome[];
  try {
    outcomes = commitOutcomes(storage, batch);
  } catch (error) {
    // The commit itself failed (disk full, I/O error): nothing of this group is stored.
    for (const append of batch) append.reject(error);
    return;
  }
  settle(batch, outcomes, publish);
}

/** The group's transaction alone, answering nothing. Throws when the commit itself fails (then nothing of the group is stored). */
function commitOutcomes(storage: LocalStorage, batch: readonly AppendRequest[]): CommitOutcome[] {
  try {
    return runGroup(storage, batch, false);
  } catch (error) {
    if (!(error instanceof PartialWrite)) throw error;
    return runGroup(storage, batch, true);
  }
}

/** Live subscribers first (in global order), then each caller. */
function settle(
  batch: readonly PendingAppend[],
  outcomes: readonly CommitOutcome[],
  publish: ((batch: readonly AppendRequest[], outcomes: readonly CommitOutcome[]) => void) | undefined,
): void {
  publish?.(batch, outcomes);
  outcomes.forEach((outcome, i) => (outcome.ok ? batch[i].resolve(outcome.result) : batch[i].reject(outcome.error)));
}

function runGroup(storage: LocalStorage, batch: readonly AppendRequest[], isolateWrites: boolean): CommitOutcome[] {
  const outcomes: CommitOutcome[] = [];
  storage.transaction(() => {
    for (const append of batch) {
      let checked: Checked;
      try {
        checked = checkAppend(storage, append);
      } catch (error) {
        outcomes.push({ ok: false, error });
        continue;
      }
      if ('retryOf' in checked) {
        outcomes.push({ ok: true, result: checked.retryOf, written: false });
        continue;
      }
      const { firstRevision } = checked;
      try {
        const write = () => writeAppend(storage, append, firstRevision);
        outcomes.push(isolateWrites ? storage.isolated(write) : write());
      } catch (error) {
        if (!isolateWrites) throw new PartialWrite(error);
        outcomes.push({ ok: false, error });
      }
    }
  });
  return outcomes;
}

/**
 * The expected-revision and idempotence check of one append against the stream as `storage`
 * shows it (shared with the PostgreSQL store, which answers the reads from what it fetched).
 * Throws WrongExpectedRevisionError.
 */
export function checkAppend(storage: CheckReads, { streamId, expected, events }: AppendRequest): Checked {
  const head = storage.streamHead(streamId);
  const satisfied = satisfiesExpectedRevision(expected, head);
  // With an exact revision or 'no_stream' that holds, a retry is impossible (the stream has not
  // moved since the caller read it), so the hot path skips the idempotence check.
  if (!satisfied || expected === 'any' || expected === 'stream_exists') {
    const ids = events.map((event) => event.id);
    const verdict = detectIdempotentRetry(streamId, ids, expected, head, (query) => storage.eventRefs(query));
    if (typeof verdict === 'object') return verdict;
    if (verdict === 'conflict' || !satisfied) throw wrongExpectedRevision(streamId, expected, head);
  }
  return { firstRevision: head === undefined ? 0 : head + 1 };
}

function writeAppend(storage: LocalStorage, { streamId, events }: AppendRequest, firstRevision: number): CommitOutcome {
  const positions = storage.insert(streamId, firstRevision, events);
  const result = { nextExpectedRevision: firstRevision + events.length - 1, position: positions[positions.length - 1], positions };
  return { ok: true, result, written: true };
}

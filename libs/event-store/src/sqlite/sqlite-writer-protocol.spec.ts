import Database from 'better-sqlite3';
import fc from 'fast-check';
import type { AppendRequest } from '../core/append-batcher';
import { WrongExpectedRevisionError } from '../errors';
import type { CommitOutcome } from '../core/local-commit';
import { decodeAppends, encodeAppends, fromWire, outcomesFromWire, outcomesToWire, toWire } from './sqlite-writer-protocol';

const event = fc.record({
  id: fc.string(),
  type: fc.string(),
  data: fc.json(),
  metadata: fc.option(fc.json(), { nil: undefined }),
  schemaVersion: fc.integer({ min: 1, max: 5 }),
  storedMetadata: fc.option(fc.json(), { nil: undefined }),
});
const append = fc.record({
  streamId: fc.string(),
  expected: fc.oneof(fc.constantFrom('any' as const, 'no_stream' as const, 'stream_exists' as const), fc.nat()),
  events: fc.array(event, { minLength: 1, maxLength: 4 }),
});

describe('what the main thread and the SQLite writer thread exchange', () => {
  it('appends come out of the flat form as they went in', () => {
    fc.assert(
      fc.property(fc.array(append, { maxLength: 6 }), (appends: AppendRequest[]) => {
        expect(decodeAppends(structuredClone(encodeAppends(appends)))).toEqual(appends);
      }),
      { numRuns: 300 },
    );
  });

  it('outcomes come back as the writer gave them: results, retries, refusals, in order', () => {
    const positions = fc.array(fc.bigInt({ min: 1n, max: 2n ** 53n - 1n }), { minLength: 1, maxLength: 4 });
    const outcome: fc.Arbitrary<CommitOutcome> = fc.oneof(
      fc.tuple(positions, fc.nat(), fc.boolean()).map(([p, next, written]) => ({
        ok: true as const,
        written,
        result: { nextExpectedRevision: next, position: p[p.length - 1], positions: p },
      })),
      fc.tuple(fc.string(), fc.nat()).map(([streamId, actual]) => ({ ok: false as const, error: new WrongExpectedRevisionError(streamId, 'no_stream', actual) })),
    );
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 8 }), (outcomes) => {
        const back = outcomesFromWire(structuredClone(outcomesToWire(outcomes)));
        expect(back.map((o) => (o.ok ? o : { ok: false, error: o.error }))).toEqual(outcomes);
        back.forEach((o, i) => !o.ok && expect(o.error).toBeInstanceOf(WrongExpectedRevisionError) && expect((o.error as Error).message).toBe((outcomes[i] as { error: Error }).error.message));
      }),
      { numRuns: 300 },
    );
  });

  it('errors keep their class, fields and message across the thread', () => {
    const stale = fromWire(structuredClone(toWire(new WrongExpectedRevisionError('game-1', 3, 5))));
    expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
    expect(stale).toMatchObject({ name: 'WrongExpectedRevisionError', streamId: 'game-1', expected: 3, actual: 5, message: 'Stream game-1 expected at 3 but is at 5' });
    const full = fromWire(structuredClone(toWire(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'))));
    expect(full).toBeInstanceOf(Database.SqliteError);
    expect(full).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
    expect(fromWire(structuredClone(toWire('odd')))).toEqual(new Error('odd'));
  });
});

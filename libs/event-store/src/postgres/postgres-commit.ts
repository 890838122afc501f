import type { Pool, PoolClient } from 'pg';
import type { AppendResult, ExpectedRevision } from '../event-store.port';
import { EventStoreUnavailableError } from '../errors';
import type { AppendRequest, PendingAppend } from '../core/append-batcher';
import type { StreamQuery } from '../core/local-storage';
import type { StoredEventRef } from '../core/stored-event-ref';
import { STORE_NAME, isConnectionError, toStoreError } from './postgres-connection';
import { GroupReads, InsertRows, RefsNeeded, tryCheck } from './postgres-group-parts';
import { APPEND_LOCK_CLASS, type StoreTables } from './postgres-schema';

/** Hears the last position of every group that committed (wakes the store's subscriptions). */
export type OnCommitted = (lastPosition: bigint) => void;

/**
 * Group commit on PostgreSQL. Appends arriving in the same turn of the event loop, and all those
 * that arrive while a group is committing, go in the next group, whatever its size: one WAL
 * flush for the whole group. Appends at an exact revision or 'no_stream' whose stream is where
 * they expect it (the server's orders, new games) are written by ONE statement, one round trip
 * (`logbook_append_group`, postgres-schema.ts). The rest (a retry after an unknown outcome, a
 * conflict, 'any', 'stream_exists') are checked by the core's `checkAppend`, as in the SQLite
 * store, in a transaction of four round trips (five when the idempotence rule needs refs). Either way each append has its own outcome: a
 * stale append fails alone while the others commit. A stream appears at most once per group (a
 * second append to it waits for the next group and is checked against the first).
 *
 * Gap-free positions: every group takes APPEND_LOCK (`pg_advisory_xact_lock`, held until its
 * COMMIT or ROLLBACK) before it reads `max(position)` and writes the positions after it. So one
 * transaction at a time gives out positions, and it is visible to every new snapshot before the
 * next one can take the lock (PostgreSQL releases a transaction's locks after it has become
 * visible). A reader that has seen position N can never later find an event below N: with a
 * sequence, a transaction that took N-1 could commit after one that took N, and a reader
 * between the two commits would skip it for good. Serialising commits costs little here because
 * a group carries every append in flight; it also serialises the commits of several servers on
 * one database, which is what makes their revision checks sound without row locks.
 */
export class PostgresCommitter {
  /** How many transactions committed how many appends (for tests and the bench). */
  readonly stats = { transactions: 0, appends: 0 };
  private queue: PendingAppend[] = [];
  private running: Promise<void> | undefined;
  private readonly lockSql: string;

  constructor(
    private readonly pool: Pool,
    private readonly tables: StoreTables,
    /** hashtext(schema): the second key of APPEND_LOCK. */
    private readonly lockKey: number,
    private readonly maxBatchSize: number,
    private readonly onCommitted: OnCommitted,
  ) {
    // One simple-protocol query, one round trip: the transaction and its lock.
    this.lockSql = `BEGIN; SELECT pg_advisory_xact_lock(${APPEND_LOCK_CLASS}, ${lockKey})`;
  }

  enqueue(append: PendingAppend): void {
    this.queue.push(append);
    this.running ??= this.drain();
  }

  /** Resolves once every append enqueued so far is settled. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the appends of this turn of the event loop join the first group.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.queue.length > 0) await this.commit(this.nextGroup());
    } finally {
      this.running = undefined;
    }
  }

  /** The first appends of the queue, at most one per stream, in the order they came. */
  private nextGroup(): PendingAppend[] {
    const group: PendingAppend[] = [];
    const rest: PendingAppend[] = [];
    const streams = new Set<string>();
    for (const append of this.queue) {
      if (group.length < this.maxBatchSize && !streams.has(append.streamId)) {
        streams.add(append.streamId);
        group.push(append);
      } else {
        rest.push(append);
      }
    }
    this.queue = rest;
    return group;
  }

  /**
   * Appends at an exact revision (or 'no_stream'), what the server sends, go first through the
   * one-statement commit; those it leaves (a retry, a conflict) and those with 'any' or
   * 'stream_exists' through the checked transaction.
   */
  private async commit(group: PendingAppend[]): Promise<void> {
    const exact = group.filter((append) => isExact(append.expected));
    const checked = group.filter((append) => !isExact(append.expected));
    if (exact.length > 0) checked.push(...(await this.commitExact(exact)));
    if (checked.length > 0) await this.commitChecked(checked);
  }

  /** The one-statement commit (`logbook_append_group`); returns the appends it did not write, unsettled. */
  private async commitExact(group: PendingAppend[]): Promise<PendingAppend[]> {
    this.stats.transactions += 1;
    this.stats.appends += group.length;
    const rows = new InsertRows();
    const eventAppend: number[] = [];
    group.forEach((append, i) => {
      for (const event of append.events) {
        rows.add(0n, append.streamId, 0, event);
        eventAppend.push(i + 1);
      }
    });
    let passed: boolean[];
    let position: bigint;
    try {
      const { rows: answer } = await this.pool.query<[boolean[], string]>({
        name: `logbook-append-group-${this.tables.schema}`,
        text: `SELECT passed, before::text FROM ${this.tables.appendGroup}($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        values: [
          this.lockKey,
          this.tables.channel,
          group.map((append) => append.streamId),
          group.map((append) => (append.expected === 'no_stream' ? -1 : append.expected)),
          eventAppend,
          rows.ids,
          rows.types,
          rows.versions,
          rows.metadata,
          rows.data,
        ],
        rowMode: 'array',
      });
      [passed, position] = [answer[0][0], BigInt(answer[0][1])];
    } catch (error) {
      if (isConnectionError(error)) {
        // The commit may or may not have happened: the caller resends the same ids, which is safe.
        const unknown = new EventStoreUnavailableError(STORE_NAME, error);
        for (const append of group) append.reject(unknown);
        return [];
      }
      // PostgreSQL refused the statement: the checked path finds the append at fault.
      return group;
    }
    const left: PendingAppend[] = [];
    const results: [PendingAppend, AppendResult][] = [];
    group.forEach((append, i) => {
      if (!passed[i]) {
        left.push(append);
        return;
      }
      const first = append.expected === 'no_stream' ? 0 : (append.expected as number) + 1;
      const positions = append.events.map(() => (position += 1n));
      results.push([append, { nextExpectedRevision: first + append.events.length - 1, position, positions }]);
    });
    if (results.length > 0) this.onCommitted(position);
    for (const [append, result] of results) append.resolve(result);
    return left;
  }

  private async commitChecked(group: PendingAppend[]): Promise<void> {
    this.stats.transactions += 1;
    this.stats.appends += group.length;
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      const mapped = toStoreError(error);
      for (const append of group) append.reject(mapped);
      return;
    }
    let outcomes: Outcome[];
    let last: bigint | undefined;
    try {
      ({ outcomes, last } = await this.run(client, group));
    } catch (error) {
      if (isConnectionError(error)) {
        // The COMMIT may or may not have happened: the caller resends the same ids, which is safe.
        client.release(true);
        const unknown = new EventStoreUnavailableError(STORE_NAME, error);
        for (const append of group) append.reject(unknown);
        return;
      }
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      // A connection that could not even roll back is not given back to the pool.
      client.release(!rolledBack);
      // A statement failed (one event PostgreSQL refuses): nothing of the group is stored, so
      // each append is tried alone and only the one at fault fails.
      if (group.length === 1) group[0].reject(toStoreError(error));
      else for (const append of group) await this.commitChecked([append]);
      return;
    }
    client.release();
    if (last !== undefined) this.onCommitted(last);
    outcomes.forEach((outcome, i) => (outcome.ok ? group[i].resolve(outcome.result) : group[i].reject(outcome.error)));
  }

  /** The group's transaction: lock, read heads, check each append, insert what passed, commit. */
  private async run(client: PoolClient, group: readonly AppendRequest[]): Promise<{ outcomes: Outcome[]; last: bigint | undefined }> {
    await client.query(this.lockSql);
    const { heads, last: before } = await this.readHeads(client, group);
    const reads = new GroupReads(heads);
    let checked = group.map((append) => tryCheck(reads, append));
    const wanted = checked.flatMap((result) => (result instanceof RefsNeeded ? [result.query] : []));
    if (wanted.length > 0) {
      reads.answer(wanted, await this.readRefs(client, wanted));
      checked = group.map((append, i) => (checked[i] instanceof RefsNeeded ? tryCheck(reads, append) : checked[i]));
    }
    let position = before;
    const rows = new InsertRows();
    const outcomes = checked.map((result, i): Outcome => {
      if (result instanceof RefsNeeded) return { ok: false, error: new Error(`check of ${group[i].streamId} asked for refs twice`) };
      if ('error' in result) return { ok: false, error: result.error };
      if ('retryOf' in result) return { ok: true, result: result.retryOf };
      const { streamId, events } = group[i];
      const positions: bigint[] = [];
      events.forEach((event, j) => {
        position += 1n;
        positions.push(position);
        rows.add(position, streamId, result.firstRevision + j, event);
      });
      return { ok: true, result: { nextExpectedRevision: result.firstRevision + events.length - 1, position, positions } };
    });
    if (rows.count > 0) await this.insert(client, rows, position);
    await client.query('COMMIT');
    return { outcomes, last: rows.count > 0 ? position : undefined };
  }

  private async readHeads(client: PoolClient, group: readonly AppendRequest[]): Promise<{ heads: Map<string, number>; last: bigint }> {
    const { rows } = await client.query<[string | null, number | null, string | null]>({
      // Named: prepared once per connection, not parsed and planned for every group.
      name: `logbook-heads-${this.tables.schema}`,
      text: `SELECT s.stream_id, s.last_revision, (SELECT max(position) FROM ${this.tables.events})::text
             FROM (SELECT 1) AS one LEFT JOIN ${this.tables.streams} s ON s.stream_id = ANY($1::text[])`,
      values: [group.map((append) => append.streamId)],
      rowMode: 'array',
    });
    const heads = new Map<string, number>();
    for (const [stream, revision] of rows) if (stream !== null && revision !== null) heads.set(stream, revision);
    return { heads, last: BigInt(rows[0]?.[2] ?? 0) };
  }

  private async readRefs(client: PoolClient, queries: readonly StreamQuery[]): Promise<StoredEventRef[][]> {
    const { rows } = await client.query<[number, string, number, string]>({
      text: `SELECT q.i, e.event_id, e.revision, e.position::text AS pos
             FROM unnest($1::text[], $2::bool[], $3::int[], $4::int[]) WITH ORDINALITY AS q(stream_id, forwards, from_revision, n, i)
             CROSS JOIN LATERAL (
               (SELECT event_id, revision, position FROM ${this.tables.events}
                WHERE q.forwards AND stream_id = q.stream_id AND revision >= q.from_revision ORDER BY revision LIMIT q.n)
               UNION ALL
               (SELECT event_id, revision, position FROM ${this.tables.events}
                WHERE NOT q.forwards AND stream_id = q.stream_id AND revision <= q.from_revision ORDER BY revision DESC LIMIT q.n)
             ) e ORDER BY q.i, CASE WHEN q.forwards THEN e.revision ELSE -e.revision END`,
      values: [
        queries.map((query) => query.streamId),
        queries.map((query) => query.direction === 'forwards'),
        queries.map((query) => query.fromRevision ?? (query.direction === 'forwards' ? 0 : 2147483647)),
        queries.map((query) => Math.min(query.maxCount, 2147483647)),
      ],
      rowMode: 'array',
    });
    const answers = queries.map((): StoredEventRef[] => []);
    for (const [i, id, revision, position] of rows) answers[Number(i) - 1].push({ id, revision, position: BigInt(position) });
    return answers;
  }

  private async insert(client: PoolClient, rows: InsertRows, last: bigint): Promise<void> {
    const { events, streams, channel } = this.tables;
    // Columns as arrays: the JSON of data and metadata goes in as text, cast to `json` (which
    // keeps it as written); a JSON document of rows would be parsed by PostgreSQL, which refuses
    // a \u0000 in any string of it. The NOTIFY is sent at COMMIT, so no listener hears of rows
    // it cannot read yet.
    await client.query({
      name: `logbook-insert-${this.tables.schema}`,
      text: `WITH r AS (
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::integer[], $7::text[], $8::text[])
           AS x(p, s, r, i, t, v, m, d)
       ), written AS (
         INSERT INTO ${events} (position, stream_id, revision, event_id, type, data, metadata, schema_version)
         SELECT p, s, r, i, t, d::json, m::json, v FROM r ORDER BY p
       ), heads AS (
         INSERT INTO ${streams} (stream_id, last_revision) SELECT s, max(r) FROM r GROUP BY s
         ON CONFLICT (stream_id) DO UPDATE SET last_revision = excluded.last_revision
       )
       SELECT pg_notify($9, $10)`,
      values: [rows.positions, rows.streams, rows.revisions, rows.ids, rows.types, rows.versions, rows.metadata, rows.data, channel, last.toString()],
    });
  }
}

const isExact = (expected: ExpectedRevision): expected is number | 'no_stream' => typeof expected === 'number' || expected === 'no_stream';

type Outcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

import type { PoolClient } from 'pg';

/** Bumped with every migration below; a schema written by a newer Logbook is refused, not guessed at. */
export const POSTGRES_SCHEMA_VERSION = 1;

/**
 * The advisory-lock keys of a store, the two-int form `(class, hashtext(schema))`: appends take
 * APPEND_LOCK for their transaction (see postgres-commit.ts), start-up takes MIGRATE_LOCK while it
 * creates or migrates the tables. Other users of advisory locks in the same database must use
 * other classes (docs/postgres.md lists these).
 */
export const APPEND_LOCK_CLASS = 0x4c470001;
export const MIGRATE_LOCK_CLASS = 0x4c470002;

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The store's table names, qualified by its schema. */
export interface StoreTables {
  schema: string;
  events: string;
  streams: string;
  version: string;
  /** The function that commits a group of appends at exact revisions in one statement. */
  appendGroup: string;
  /** The NOTIFY channel that wakes subscriptions: one per schema, so two stores never wake each other. */
  channel: string;
}

export function storeTables(schema: string): StoreTables {
  const s = quoteIdent(schema);
  return {
    schema,
    events: `${s}.logbook_events`,
    streams: `${s}.logbook_streams`,
    version: `${s}.logbook_schema_version`,
    appendGroup: `${s}.logbook_append_group`,
    channel: `logbook_events.${schema}`,
  };
}

/**
 * Schema v1 (docs/postgres.md). One row per event in `logbook_events`, keyed by its global
 * `position` (given out by the appending transaction under APPEND_LOCK, never by a sequence) and
 * unique by (stream, revision); `logbook_streams` holds each stream's head so the revision check
 * of a whole group is one index lookup per stream. `data` and `metadata` are `json`, not `jsonb`:
 * the text is kept as written (key order, numbers), and an operator's SQL can still use `->>`.
 * Event ids are idempotence keys within a stream (as in EventStoreDB and the SQLite store), so
 * they have no index of their own.
 */
const MIGRATIONS: Record<number, (t: StoreTables) => string> = {
  1: (t) => `
    CREATE TABLE ${t.streams} (
      stream_id     text    PRIMARY KEY,
      last_revision integer NOT NULL
    );
    CREATE TABLE ${t.events} (
      position       bigint  PRIMARY KEY,
      stream_id      text    NOT NULL,
      revision       integer NOT NULL,
      event_id       text    NOT NULL,
      type           text    NOT NULL,
      data           json    NOT NULL,
      metadata       json    NOT NULL,
      schema_version integer NOT NULL DEFAULT 1,
      UNIQUE (stream_id, revision)
    );
    ${APPEND_GROUP(t)}`,
};

/**
 * One group of appends at an exact revision (or 'no_stream', given as -1), committed by one
 * statement, so by one round trip: the lock, the heads, the writes and the COMMIT. It writes
 * only the appends whose stream is where they expect it (what the core check accepts without
 * reading further) and returns which those were and the position before them; the others are
 * left for the store to check in full (a retry, a conflict). Being VOLATILE PL/pgSQL, each
 * statement inside takes a fresh snapshot, so `max(position)` is read after the lock is held.
 */
const APPEND_GROUP = (t: StoreTables) => `
    CREATE FUNCTION ${t.appendGroup}(lock_key integer, channel text, a_stream text[], a_expected integer[],
        e_append integer[], e_id text[], e_type text[], e_version integer[], e_metadata text[], e_data text[])
      RETURNS TABLE (passed boolean[], before bigint) LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      last bigint;
      ok boolean[];
      written bigint;
    BEGIN
      PERFORM pg_advisory_xact_lock(${APPEND_LOCK_CLASS}, lock_key);
      SELECT coalesce(max(position), 0) INTO last FROM ${t.events};
      SELECT array_agg(CASE WHEN a.e = -1 THEN h.last_revision IS NULL ELSE h.last_revision IS NOT DISTINCT FROM a.e END ORDER BY a.i)
        INTO ok
        FROM unnest(a_stream, a_expected) WITH ORDINALITY AS a(s, e, i) LEFT JOIN ${t.streams} h ON h.stream_id = a.s;
      WITH x AS (
        SELECT ev.*, row_number() OVER (ORDER BY ev.k) AS n,
          a_expected[ev.ai] + 1 + (row_number() OVER (PARTITION BY ev.ai ORDER BY ev.k) - 1) AS revision
        FROM unnest(e_append, e_id, e_type, e_version, e_metadata, e_data) WITH ORDINALITY AS ev(ai, id, t, v, m, d, k)
        WHERE ok[ev.ai]
      ), w AS (
        INSERT INTO ${t.events} (position, stream_id, revision, event_id, type, data, metadata, schema_version)
        SELECT last + x.n, a_stream[x.ai], x.revision, x.id, x.t, x.d::json, x.m::json, x.v FROM x ORDER BY x.n
        RETURNING 1
      ), h AS (
        INSERT INTO ${t.streams} (stream_id, last_revision) SELECT a_stream[x.ai], max(x.revision) FROM x GROUP BY x.ai
        ON CONFLICT (stream_id) DO UPDATE SET last_revision = excluded.last_revision
      )
      SELECT count(*) INTO written FROM w;
      IF written > 0 THEN
        PERFORM pg_notify(channel, (last + written)::text);
      END IF;
      RETURN QUERY SELECT ok, last;
    END $$;`;

/** A store whose schema is newer than this code: opening it could misread or damage what it holds. */
export class NewerSchemaError extends Error {
  override readonly name = 'NewerSchemaError';
  constructor(schema: string, found: number) {
    super(
      `the event store in schema ${schema} is at schema version ${found}; this Logbook knows up to ${POSTGRES_SCHEMA_VERSION}: ` +
        'run a newer Logbook, or point the URL at another schema',
    );
  }
}

/**
 * Creates or migrates the store's tables in ONE transaction, under MIGRATE_LOCK so servers
 * starting together migrate once. Returns the version found before (0: a new store).
 */
export async function migrate(client: PoolClient, tables: StoreTables): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MIGRATE_LOCK_CLASS, tables.schema]);
    // CREATE SCHEMA needs the CREATE right on the database even when the schema exists: ask first.
    const exists = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [tables.schema]);
    if (exists.rowCount === 0) await client.query(`CREATE SCHEMA ${quoteIdent(tables.schema)}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${tables.version} (
         singleton  boolean PRIMARY KEY DEFAULT true CHECK (singleton),
         version    integer NOT NULL,
         migrated_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${tables.version}`);
    const found = rows[0]?.version ?? 0;
    if (found > POSTGRES_SCHEMA_VERSION) throw new NewerSchemaError(tables.schema, found);
    for (let version = found + 1; version <= POSTGRES_SCHEMA_VERSION; version++) await client.query(MIGRATIONS[version](tables));
    if (found < POSTGRES_SCHEMA_VERSION) {
      await client.query(
        `INSERT INTO ${tables.version} (version) VALUES ($1)
         ON CONFLICT (singleton) DO UPDATE SET version = excluded.version, migrated_at = now()`,
        [POSTGRES_SCHEMA_VERSION],
      );
    }
    await client.query('COMMIT');
    return found;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

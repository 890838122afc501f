import type Database from 'better-sqlite3';
import { encodeEventId, encodeMetadata } from './sqlite-row-codec';
import { TextDictionary, compactRow } from './sqlite-texts';

/** Bumped with every change below; a file written by a newer Logbook is refused, not guessed at. */
export const SCHEMA_VERSION = 3;

/** The id column as text: a UUID formatted from its 16 bytes, or the stored text. */
const ID_TEXT = `CASE WHEN typeof(l.id) = 'blob' THEN lower(substr(hex(l.id), 1, 8) || '-' || substr(hex(l.id), 9, 4) || '-' ||
        substr(hex(l.id), 13, 4) || '-' || substr(hex(l.id), 17, 4) || '-' || substr(hex(l.id), 21)) ELSE l.id END`;

/**
 * Schema v2, as Logbook before v3 created it (kept to migrate, and for the migration's tests).
 * `log` holds one row per event; streams and event types are interned (an integer key per row
 * instead of the text), ids that are UUIDs are 16-byte blobs, metadata is stored by the row
 * codec (sqlite-row-codec.ts).
 */
export const DDL_V2 = `
  CREATE TABLE IF NOT EXISTS streams (
    stream_key    INTEGER PRIMARY KEY,
    stream_id     TEXT    NOT NULL UNIQUE,
    last_revision INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS event_types (
    type_key INTEGER PRIMARY KEY,
    type     TEXT    NOT NULL UNIQUE
  );
  CREATE TABLE IF NOT EXISTS log (
    position       INTEGER PRIMARY KEY,
    stream         INTEGER NOT NULL,
    revision       INTEGER NOT NULL,
    id             BLOB    NOT NULL,
    type           INTEGER NOT NULL,
    data           TEXT    NOT NULL,
    metadata       TEXT    NOT NULL,
    schema_version INTEGER NOT NULL DEFAULT 1,
    UNIQUE (stream, revision)
  );
  CREATE VIEW IF NOT EXISTS events AS
    SELECT l.position, s.stream_id, l.revision, ${ID_TEXT} AS event_id, t.type, l.data, l.metadata, l.schema_version
    FROM log l JOIN streams s ON s.stream_key = l.stream JOIN event_types t ON t.type_key = l.type;
`;

/**
 * Schema v3 (docs/event-log-format.md): v2 plus the `texts` table. A row's data, and the tail of
 * its metadata's codec text (command, fingerprint and what follows), are either inline or the
 * key of a text many rows repeat (sqlite-texts.ts): `data` is NULL and `data_ref` the key, or
 * `tail_ref` is the key of what follows `metadata`. The rest is v2's.
 *
 * `position` is the rowid: SQLite hands out max(rowid)+1, and since rows are never deleted and
 * one connection writes, positions grow in commit order, which catch-up subscriptions rely on.
 * `streams` holds each stream's head so the revision check is one lookup, and leaves room for
 * per-stream metadata later (archived games, truncation).
 * `id` has no index of its own: ids are idempotence keys within a stream (as in EventStoreDB),
 * checked through UNIQUE (stream, revision). A UNIQUE index on random UUIDs halved durable
 * throughput — each event dirtied another index page, which WAL rewrites whole at every commit
 * (measured: ~19k vs ~41k orders/s for the bare SQL, 100 games in flight).
 * The view `events` shows each row as JSON text (data as appended, metadata in its codec form)
 * with text stream, type and id, for SQL tools and ad-hoc queries.
 */
const DDL_V3 = `
  CREATE TABLE IF NOT EXISTS streams (
    stream_key    INTEGER PRIMARY KEY,
    stream_id     TEXT    NOT NULL UNIQUE,
    last_revision INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS event_types (
    type_key INTEGER PRIMARY KEY,
    type     TEXT    NOT NULL UNIQUE
  );
  CREATE TABLE IF NOT EXISTS texts (
    key  INTEGER PRIMARY KEY,
    text TEXT    NOT NULL
  );
  CREATE TABLE IF NOT EXISTS log (
    position       INTEGER PRIMARY KEY,
    stream         INTEGER NOT NULL,
    revision       INTEGER NOT NULL,
    id             BLOB    NOT NULL,
    type           INTEGER NOT NULL,
    data           TEXT,
    data_ref       INTEGER,
    metadata       TEXT    NOT NULL,
    tail_ref       INTEGER,
    schema_version INTEGER NOT NULL DEFAULT 1,
    UNIQUE (stream, revision),
    CHECK ((data IS NULL) <> (data_ref IS NULL))
  );
  CREATE VIEW IF NOT EXISTS events AS
    SELECT l.position, s.stream_id, l.revision, ${ID_TEXT} AS event_id, t.type,
      ifnull(l.data, (SELECT x.text FROM texts x WHERE x.key = l.data_ref)) AS data,
      l.metadata || ifnull((SELECT x.text FROM texts x WHERE x.key = l.tail_ref), '') AS metadata,
      l.schema_version
    FROM log l JOIN streams s ON s.stream_key = l.stream JOIN event_types t ON t.type_key = l.type;
`;

/** Schema v1, as Logbook before v2 created it (kept to migrate, and for the migration's tests). */
export const DDL_V1 = `
  CREATE TABLE IF NOT EXISTS events (
    position       INTEGER PRIMARY KEY,
    stream_id      TEXT    NOT NULL,
    revision       INTEGER NOT NULL,
    event_id       TEXT    NOT NULL,
    type           TEXT    NOT NULL,
    data           TEXT    NOT NULL,
    metadata       TEXT    NOT NULL,
    schema_version INTEGER NOT NULL DEFAULT 1,
    UNIQUE (stream_id, revision)
  );
  CREATE TABLE IF NOT EXISTS streams (
    stream_id     TEXT    PRIMARY KEY,
    last_revision INTEGER NOT NULL
  ) WITHOUT ROWID;
`;

/**
 * v1 -> v2 (inside `migrate`'s transaction): positions, revisions and every field the port
 * gives back stay the same.
 */
function migrateFromV1(db: Database.Database): void {
  db.function('logbook_event_id', { deterministic: true }, (id: unknown) => encodeEventId(String(id)));
  db.function('logbook_metadata', { deterministic: true }, (metadata: unknown, schemaVersion: unknown) =>
    encodeMetadata(JSON.parse(String(metadata)) as Record<string, unknown>, Number(schemaVersion)),
  );
  db.exec(`
    ALTER TABLE events RENAME TO events_v1;
    ALTER TABLE streams RENAME TO streams_v1;
    ${DDL_V2}
    INSERT INTO streams (stream_id, last_revision)
      SELECT v.stream_id, v.last_revision FROM streams_v1 v
      ORDER BY (SELECT min(position) FROM events_v1 e WHERE e.stream_id = v.stream_id);
    INSERT INTO event_types (type) SELECT type FROM events_v1 GROUP BY type ORDER BY min(position);
    INSERT INTO log (position, stream, revision, id, type, data, metadata, schema_version)
      SELECT e.position, s.stream_key, e.revision, logbook_event_id(e.event_id), t.type_key, e.data,
        logbook_metadata(e.metadata, e.schema_version), e.schema_version
      FROM events_v1 e JOIN streams s ON s.stream_id = e.stream_id JOIN event_types t ON t.type = e.type
      ORDER BY e.position;
    DROP TABLE events_v1;
    DROP TABLE streams_v1;
  `);
}

/** Rows copied per step of the v2 -> v3 migration (each step one read of the old table). */
const MIGRATION_ROWS = 5000;

/**
 * v2 -> v3 (inside `migrate`'s transaction): `log` is copied row by row into the v3 table, each
 * row's data and metadata tail interned as appends intern them (a text the third time it
 * comes). A row whose metadata is not JSON stops the migration: it would not read back.
 */
function migrateFromV2(db: Database.Database): void {
  db.exec(`
    DROP VIEW IF EXISTS events;
    ALTER TABLE log RENAME TO log_v2;
    ${DDL_V3}
  `);
  const texts = new TextDictionary(db);
  const rows = db
    .prepare('SELECT position, stream, revision, id, type, data, metadata, schema_version FROM log_v2 WHERE position > ? ORDER BY position LIMIT ?')
    .raw();
  const insert = db.prepare(
    'INSERT INTO log (position, stream, revision, id, type, data, data_ref, metadata, tail_ref, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (let after = -1; ;) {
    const page = rows.all(after, MIGRATION_ROWS) as [number, number, number, Buffer | string, number, string, string, number][];
    for (const [position, stream, revision, id, type, data, metadata, schemaVersion] of page) {
      JSON.parse(metadata);
      const row = compactRow(texts, data, metadata);
      insert.run(position, stream, revision, id, type, row.data, row.dataRef, row.metadata, row.tailRef, schemaVersion);
    }
    if (page.length < MIGRATION_ROWS) break;
    after = page[page.length - 1][0];
  }
  db.exec('DROP TABLE log_v2');
}

/**
 * Any older file -> v3 in ONE `BEGIN IMMEDIATE` transaction: either the whole file is v3
 * afterwards or it is untouched. Another process may have migrated it while this one waited
 * for the write lock: the version is read again inside the transaction.
 */
function migrate(db: Database.Database): void {
  db.transaction(() => {
    if (isV1(db)) migrateFromV1(db);
    if ((db.pragma('user_version', { simple: true }) as number) === 3) return;
    if (isV2(db)) migrateFromV2(db);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

/**
 * Durability: WAL with synchronous=FULL fsyncs the WAL on every commit, so an acknowledged
 * append survives a killed process AND a power cut. synchronous=NORMAL would survive only a
 * killed process (the WAL would sit in the OS page cache). FULL is affordable because of group
 * commit: one fsync covers every append of the batch, not one per order.
 */
export function openSchema(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // Another process (a CLI export) may hold the write lock for a moment; wait rather than fail.
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new Error(`Event store file has schema v${version}; this Logbook knows up to v${SCHEMA_VERSION}`);
  }
  if (isV1(db) || isV2(db)) {
    migrate(db);
    return;
  }
  db.exec(DDL_V3);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
}

/** A v1 file: `events` is a table (in v2 and v3 it is a view). */
const isV1 = (db: Database.Database): boolean =>
  (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'").pluck().get() as number) > 0;

/** A v2 file: a `log` table without v3's `texts` beside it. */
const isV2 = (db: Database.Database): boolean =>
  (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('log', 'texts')").pluck().get() as number) === 1 &&
  (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'log'").pluck().get() as number) === 1;

import type Database from 'better-sqlite3';
import { encodeEventId, encodeMetadata } from './sqlite-row-codec';

/** Bumped with every change below; a file written by a newer Logbook is refused, not guessed at. */
export const SCHEMA_VERSION = 2;

/**
 * Schema v2 (docs/event-log-format.md). `log` holds one row per event; streams and event types
 * are interned (an integer key per row instead of the text), ids that are UUIDs are 16-byte
 * blobs, metadata is stored by the row codec (sqlite-row-codec.ts).
 *
 * `position` is the rowid: SQLite hands out max(rowid)+1, and since rows are never deleted and
 * one connection writes, positions grow in commit order, which catch-up subscriptions rely on.
 * `streams` holds each stream's head so the revision check is one lookup, and leaves room for
 * per-stream metadata later (archived games, truncation).
 * `id` has no index of its own: ids are idempotence keys within a stream (as in EventStoreDB),
 * checked through UNIQUE (stream, revision). A UNIQUE index on random UUIDs halved durable
 * throughput — each event dirtied another index page, which WAL rewrites whole at every commit
 * (measured: ~19k vs ~41k orders/s for the bare SQL, 100 games in flight).
 * The view `events` shows the rows as v1 stored them (text stream, type and id; metadata in its
 * stored form), for SQL tools and ad-hoc queries.
 */
const DDL_V2 = `
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
    SELECT l.position, s.stream_id, l.revision,
      CASE WHEN typeof(l.id) = 'blob' THEN lower(substr(hex(l.id), 1, 8) || '-' || substr(hex(l.id), 9, 4) || '-' ||
        substr(hex(l.id), 13, 4) || '-' || substr(hex(l.id), 17, 4) || '-' || substr(hex(l.id), 21)) ELSE l.id END AS event_id,
      t.type, l.data, l.metadata, l.schema_version
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
 * v1 -> v2 in ONE transaction: either the whole file is v2 afterwards or it is untouched.
 * Positions, revisions and every field the port gives back stay the same.
 */
function migrateFromV1(db: Database.Database): void {
  db.function('logbook_event_id', { deterministic: true }, (id: unknown) => encodeEventId(String(id)));
  db.function('logbook_metadata', { deterministic: true }, (metadata: unknown, schemaVersion: unknown) =>
    encodeMetadata(JSON.parse(String(metadata)) as Record<string, unknown>, Number(schemaVersion)),
  );
  db.transaction(() => {
    // Another process may have migrated the file while this one waited for the write lock.
    if (!isV1(db)) return;
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
    db.pragma('user_version = 2');
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
  if (isV1(db)) {
    migrateFromV1(db);
    return;
  }
  db.exec(DDL_V2);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
}

/** A v1 file: `events` is a table (in v2 it is a view). */
const isV1 = (db: Database.Database): boolean =>
  (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'").pluck().get() as number) > 0;

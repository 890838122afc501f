import type Database from 'better-sqlite3';
import { compact, InMemoryShapes } from './sqlite-json-codec';
import { decodeMetadataV2, encodeEventId, encodeMetadata, type TimeBase } from './sqlite-row-codec';

/** Bumped with every change below; a file written by a newer Logbook is refused, not guessed at. */
export const SCHEMA_VERSION = 3;

const STREAMS_V2 = `
  CREATE TABLE IF NOT EXISTS streams (
    stream_key    INTEGER PRIMARY KEY,
    stream_id     TEXT    NOT NULL UNIQUE,
    last_revision INTEGER NOT NULL
  );`;

/** v3 adds each stream's time base (sqlite-row-codec.ts: recorded times are stored after it). */
const STREAMS_V3 = `
  CREATE TABLE IF NOT EXISTS streams (
    stream_key    INTEGER PRIMARY KEY,
    stream_id     TEXT    NOT NULL UNIQUE,
    last_revision INTEGER NOT NULL,
    time_base     INTEGER
  );`;

/** The other tables v2 and v3 share: see DDL_V3. */
const TABLES = `
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
`;

/** The view `events`: the rows with v1's column names, stream, type and id as text. */
const EVENTS_VIEW = `
  CREATE VIEW IF NOT EXISTS events AS
    SELECT l.position, s.stream_id, l.revision,
      CASE WHEN typeof(l.id) = 'blob' THEN lower(substr(hex(l.id), 1, 8) || '-' || substr(hex(l.id), 9, 4) || '-' ||
        substr(hex(l.id), 13, 4) || '-' || substr(hex(l.id), 17, 4) || '-' || substr(hex(l.id), 21)) ELSE l.id END AS event_id,
      t.type, l.data, l.metadata, l.schema_version
    FROM log l JOIN streams s ON s.stream_key = l.stream JOIN event_types t ON t.type_key = l.type;
`;

const SHAPES = `
  CREATE TABLE IF NOT EXISTS shapes (
    shape_key INTEGER PRIMARY KEY,
    keys      TEXT    NOT NULL UNIQUE
  );
`;

/**
 * Schema v3 (docs/event-log-format.md). `log` holds one row per event; streams and event types
 * are interned (an integer key per row instead of the text), ids that are UUIDs are 16-byte
 * blobs, metadata is stored by the row codec (sqlite-row-codec.ts: recorded times after the
 * stream's `time_base`), and `data` and the
 * metadata's values in the compact form of sqlite-json-codec.ts: every object an array
 * `[shape, ...values]`, its key list interned in `shapes` (the file holds every key list it
 * uses, so any file decodes with nothing but itself).
 *
 * `position` is the rowid: SQLite hands out max(rowid)+1, and since rows are never deleted and
 * one connection writes, positions grow in commit order, which catch-up subscriptions rely on.
 * `streams` holds each stream's head so the revision check is one lookup, and leaves room for
 * per-stream metadata later (archived games, truncation).
 * `id` has no index of its own: ids are idempotence keys within a stream (as in EventStoreDB),
 * checked through UNIQUE (stream, revision). A UNIQUE index on random UUIDs halved durable
 * throughput — each event dirtied another index page, which WAL rewrites whole at every commit
 * (measured: ~19k vs ~41k orders/s for the bare SQL, 100 games in flight).
 * The view `events` shows the rows with v1's columns (text stream, type and id; data and
 * metadata in their stored forms), for SQL tools and ad-hoc queries.
 */
const DDL_V3 = STREAMS_V3 + TABLES + SHAPES + EVENTS_VIEW;

/** Schema v2, as Logbook before v3 created it (kept for the migration's tests). */
export const DDL_V2 = STREAMS_V2 + TABLES + EVENTS_VIEW;

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
 * v1 or v2 -> v3 in ONE transaction: either the whole file is v3 afterwards or it is untouched.
 * Positions, revisions and every field the port gives back stay the same. Shapes are numbered
 * in order of first use, as the rows are rewritten in position order.
 */
function migrate(db: Database.Database): void {
  const shapes = new InMemoryShapes();
  // Each stream's time base, by its id (v1) or key (v2): the first time met in it.
  const timeBases = new Map<unknown, TimeBase>();
  const timeBase = (stream: unknown) => {
    let base = timeBases.get(stream);
    if (!base) timeBases.set(stream, (base = { ms: undefined }));
    return base;
  };
  const data = (text: unknown) => JSON.stringify(compact(JSON.parse(String(text)), shapes));
  db.function('logbook_event_id', { deterministic: true }, (id: unknown) => encodeEventId(String(id)));
  db.function('logbook_v3_data', data);
  db.function('logbook_v3_metadata_of_v1', (metadata: unknown, schemaVersion: unknown, stream: unknown) =>
    encodeMetadata(JSON.parse(String(metadata)) as Record<string, unknown>, Number(schemaVersion), shapes, timeBase(stream)),
  );
  db.function('logbook_v3_metadata_of_v2', (metadata: unknown, schemaVersion: unknown, stream: unknown) =>
    encodeMetadata(decodeMetadataV2(JSON.parse(String(metadata)), Number(schemaVersion)), Number(schemaVersion), shapes, timeBase(stream)),
  );
  db.transaction(() => {
    // Another process may have migrated the file while this one waited for the write lock.
    const format = formatOf(db);
    if (format === 1) {
      db.exec(`
        ALTER TABLE events RENAME TO events_v1;
        ALTER TABLE streams RENAME TO streams_v1;
        ${DDL_V3}
        INSERT INTO streams (stream_id, last_revision)
          SELECT v.stream_id, v.last_revision FROM streams_v1 v
          ORDER BY (SELECT min(position) FROM events_v1 e WHERE e.stream_id = v.stream_id);
        INSERT INTO event_types (type) SELECT type FROM events_v1 GROUP BY type ORDER BY min(position);
        INSERT INTO log (position, stream, revision, id, type, data, metadata, schema_version)
          SELECT e.position, s.stream_key, e.revision, logbook_event_id(e.event_id), t.type_key, logbook_v3_data(e.data),
            logbook_v3_metadata_of_v1(e.metadata, e.schema_version, e.stream_id), e.schema_version
          FROM events_v1 e JOIN streams s ON s.stream_id = e.stream_id JOIN event_types t ON t.type = e.type
          ORDER BY e.position;
        DROP TABLE events_v1;
        DROP TABLE streams_v1;
      `);
    } else if (format === 2) {
      // Rows keep their place; the view is made again since it may change with the format.
      db.exec(`
        DROP VIEW IF EXISTS events;
        UPDATE log SET data = logbook_v3_data(data), metadata = logbook_v3_metadata_of_v2(metadata, schema_version, stream);
        ALTER TABLE streams ADD COLUMN time_base INTEGER;
        ${DDL_V3}
      `);
    } else {
      return;
    }
    const insert = db.prepare('INSERT INTO shapes (shape_key, keys) VALUES (?, ?)');
    shapes.list.forEach((keys, i) => insert.run(i + 1, keys));
    const setTimeBase = db.prepare(`UPDATE streams SET time_base = ? WHERE ${format === 1 ? 'stream_id' : 'stream_key'} = ?`);
    for (const [stream, base] of timeBases) if (base.ms !== undefined) setTimeBase.run(base.ms, stream);
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
  if (formatOf(db) !== SCHEMA_VERSION) {
    migrate(db);
    return;
  }
  db.exec(DDL_V3);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
}

/**
 * 1: a v1 file (`events` is a table; in v2 and v3 it is a view); 2: a v2 file (a `log` table,
 * no `shapes`); 3: a v3 file, or a new empty one.
 */
function formatOf(db: Database.Database): 1 | 2 | 3 {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('events', 'log', 'shapes')").pluck().all() as string[];
  if (tables.includes('events')) return 1;
  if (tables.includes('log') && !tables.includes('shapes')) return 2;
  return 3;
}

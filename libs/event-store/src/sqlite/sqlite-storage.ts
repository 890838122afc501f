import Database from 'better-sqlite3';
import type { AllFilter, EventMetadata, RecordedEvent } from '../event-store.port';
import type { StreamHead } from '../core/expected-revision';
import type { StoredEventRef } from '../core/stored-event-ref';
import { isFiltering } from '../core/all-filter';
import type { AllQuery, LocalStorage, StreamQuery } from '../core/local-storage';
import type { SerializedEvent } from '../core/serialized-event';
import { decodeEventId, decodeMetadata, encodeEventId, encodeMetadata } from './sqlite-row-codec';
import { quickCheck } from './sqlite-integrity';
import { openSchema } from './sqlite-schema';
import { MAX_INTERNED_CHARS, TextDictionary, compactRow } from './sqlite-texts';

/** SQLite's "no limit". */
const limit = (maxCount: number): number => (maxCount >= Number.MAX_SAFE_INTEGER ? -1 : maxCount);
/** Rows per read query: each page is one string and one JSON.parse. */
const PAGE = 2000;
/**
 * Bytes of stored text per read query. A page is one string built by SQLite, which refuses any
 * past 1e9 bytes ("string or blob too big"), and one JavaScript string and parse: events of
 * megabytes (a fork of a huge scenario) must not be read 2,000 at a time.
 */
export const DEFAULT_PAGE_BYTES = 16 * 1024 * 1024;
/** What a row adds to its metadata and data in a page's text (numbers, quotes, the id). */
const ROW_OVERHEAD = 96;

/**
 * One row as JSON text, built by SQLite: `position, revision, stream, type, schema_version,
 * "id", metadata, data` (the id a UUID formatted from its blob, or the stored text quoted). A
 * page is `[[row],[row],…]` (the separator closes one row and opens the next), so the long
 * texts come last and are copied once; it is one string and one JSON.parse, instead of a
 * JavaScript value per column and two parses per row.
 */
const ROW_HEAD = `CASE WHEN h IS NULL THEN printf('%d,%d,%d,%d,%d,%s,', position, revision, stream, type, schema_version, json_quote(id))
  ELSE printf('%d,%d,%d,%d,%d,"%s-%s-%s-%s-%s",', position, revision, stream, type, schema_version,
    substr(h, 1, 8), substr(h, 9, 4), substr(h, 13, 4), substr(h, 17, 4), substr(h, 21)) END || metadata`;
const ROW_JSON = `${ROW_HEAD} || ',' || data`;
/** A row whose (long) data the reader did not ask for (`AllFilter.dataOf`) ends after its metadata: seven values. */
const ROW_JSON_MAYBE_DATA = `${ROW_HEAD} || ifnull(',' || data, '')`;
/**
 * A row's data and metadata codec text with its interned parts put back from `texts` (v3:
 * sqlite-texts.ts), so the page's text is what v2 stored inline.
 */
const DATA_TEXT = 'ifnull(data, (SELECT text FROM texts WHERE key = data_ref))';
const METADATA_TEXT = 'CASE WHEN tail_ref IS NULL THEN metadata ELSE metadata || (SELECT text FROM texts WHERE key = tail_ref) END';
/**
 * A row whose data the reader did not ask for still comes with it when it is short (most are a
 * few dozen characters): parsing it costs less than an accessor that would read it later.
 */
const INLINE_DATA = `data_ref IS NOT NULL OR octet_length(data) <= ${MAX_INTERNED_CHARS}`;
/**
 * group_concat takes the rows in the order the subquery gives them (an ORDER BY inside the
 * aggregate would sort every page again, doubling the read); `page` checks that it did.
 */
const page = (where: string, orderBy: string, dataOfTypes?: string) =>
  `SELECT '[[' || group_concat(${dataOfTypes === undefined ? ROW_JSON : ROW_JSON_MAYBE_DATA}, '],[') || ']]' FROM (
    SELECT position, revision, stream, type, schema_version, id, CASE WHEN typeof(id) = 'blob' THEN lower(hex(id)) END AS h,
      ${METADATA_TEXT} AS metadata, ${dataOfTypes === undefined ? DATA_TEXT : `CASE WHEN type IN (${dataOfTypes}) OR ${INLINE_DATA} THEN ${DATA_TEXT} END`} AS data
    FROM log WHERE ${where} ORDER BY ${orderBy} LIMIT ?)`;
/**
 * The stored size of each row a page would hold, in the page's order: what `fitting` counts.
 * An interned part counts as the most UTF-8 bytes a text `texts` holds can take (it is not read to be measured).
 */
const sizes = (where: string, orderBy: string) =>
  `SELECT octet_length(metadata) + ifnull(octet_length(data), 0) + ((data_ref IS NOT NULL) + (tail_ref IS NOT NULL)) * ${MAX_INTERNED_CHARS * 3}
    FROM log WHERE ${where} ORDER BY ${orderBy} LIMIT ?`;
/** A page query and its companion that sizes the same rows. */
interface PageQuery {
  page: Database.Statement;
  sizes: Database.Statement;
}
/** Seven values when the data was left out (`AllFilter.dataOf`): it is read when first asked for. */
type PageRow = [position: number, revision: number, stream: number, type: number, schemaVersion: number, id: string, metadata: unknown, data?: unknown];

export class SqliteStorage implements LocalStorage {
  private readonly db: Database.Database;
  private readonly inTransaction: Database.Transaction<(work: () => unknown) => unknown>;
  private readonly allQueries = new Map<string, PageQuery | Database.Statement>();
  private readonly statements;
  private dataVersion: number;
  private foreignCommits = 0;
  /** Interned keys (never change once committed; forgotten when a transaction rolls back). */
  private readonly streamKeys = new Map<string, number>();
  private readonly streamIds = new Map<number, string>();
  private readonly typeKeys = new Map<string, number>();
  private readonly typeNames = new Map<number, string>();
  /** Texts many rows repeat, stored once (format v3). */
  private readonly texts: TextDictionary;
  /** The blob an appended UUID is bound as (SQLite copies it). */
  private readonly idBytes = Buffer.alloc(16);

  constructor(
    private readonly filename: string,
    /** Most bytes of stored text one read query returns (at least one row, however big). */
    private readonly pageBytes = DEFAULT_PAGE_BYTES,
  ) {
    try {
      this.db = new Database(filename);
      openSchema(this.db);
    } catch (error) {
      // Every start-up error names the file, so an operator knows which one to look at.
      throw new Error(`SQLite store ${filename}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    // Called at top level it is BEGIN IMMEDIATE…COMMIT; called inside that, a SAVEPOINT.
    this.inTransaction = this.db.transaction((work: () => unknown) => work());
    const prepare = (sql: string) => this.db.prepare(sql);
    this.statements = {
      head: prepare('SELECT last_revision FROM streams WHERE stream_id = ?').pluck(),
      streamKey: prepare('SELECT stream_key FROM streams WHERE stream_id = ?').pluck(),
      streamId: prepare('SELECT stream_id FROM streams WHERE stream_key = ?').pluck(),
      newStream: prepare('INSERT INTO streams (stream_id, last_revision) VALUES (?, -1) RETURNING stream_key').pluck(),
      typeKey: prepare('SELECT type_key FROM event_types WHERE type = ?').pluck(),
      typeName: prepare('SELECT type FROM event_types WHERE type_key = ?').pluck(),
      newType: prepare('INSERT INTO event_types (type) VALUES (?) RETURNING type_key').pluck(),
      refsForwards: prepare('SELECT id, revision, position FROM log WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?').raw(),
      refsBackwards: prepare('SELECT id, revision, position FROM log WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?').raw(),
      insert: prepare('INSERT INTO log (stream, revision, id, type, data, data_ref, metadata, tail_ref, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      setHead: prepare('UPDATE streams SET last_revision = ? WHERE stream_key = ?'),
      forwards: this.pageQuery('stream = ? AND revision >= ?', 'revision'),
      backwards: this.pageQuery('stream = ? AND revision <= ?', 'revision DESC'),
      last: prepare('SELECT max(position) FROM log').pluck(),
      dataAt: prepare(`SELECT ${DATA_TEXT} FROM log WHERE position = ?`).pluck(),
      // Changes whenever another connection (another process: a CLI import, a second server)
      // has committed to the file since this connection last asked; never for our own commits.
      dataVersion: prepare('PRAGMA data_version').pluck(),
    };
    this.dataVersion = this.statements.dataVersion.get() as number;
    this.texts = new TextDictionary(this.db);
  }

  /** `PRAGMA quick_check` on this connection, in this thread (see SqliteEventStore.integrityProblems). */
  integrityProblems(): string[] {
    return quickCheck(this.db, this.filename);
  }

  transaction(work: () => void): void {
    this.forgettingOnRollback(() => this.inTransaction.immediate(work));
  }

  isolated<T>(work: () => T): T {
    return this.forgettingOnRollback(() => this.inTransaction(work) as T);
  }

  encodeMetadata(metadata: EventMetadata | undefined, schemaVersion: number): string {
    return encodeMetadata(metadata, schemaVersion);
  }

  decodeMetadata(stored: string, schemaVersion: number): EventMetadata {
    return decodeMetadata(JSON.parse(stored), schemaVersion);
  }

  streamHead(streamId: string): StreamHead {
    return this.statements.head.get(streamId) as number | undefined;
  }

  eventRefs(query: StreamQuery): StoredEventRef[] {
    const key = this.streamKey(query.streamId);
    if (key === undefined) return [];
    const { refsForwards, refsBackwards } = this.statements;
    const rows = this.byRevision(key, query, refsForwards, refsBackwards) as [Buffer | string, number, number][];
    return rows.map(([id, revision, position]) => ({ id: decodeEventId(id), revision, position: BigInt(position) }));
  }

  insert(streamId: string, firstRevision: number, events: readonly SerializedEvent[]): bigint[] {
    const stream = this.streamKey(streamId) ?? this.intern(streamId, this.statements.newStream, this.streamKeys, this.streamIds);
    const positions = events.map((event, i) => {
      const type = this.typeKeys.get(event.type) ?? this.typeKey(event.type);
      const metadata = event.storedMetadata ?? encodeMetadata(JSON.parse(event.metadata ?? '{}') as EventMetadata, event.schemaVersion);
      const row = compactRow(this.texts, event.data, metadata);
      const { lastInsertRowid } = this.statements.insert.run(
        stream,
        firstRevision + i,
        encodeEventId(event.id, this.idBytes),
        type,
        row.data,
        row.dataRef,
        row.metadata,
        row.tailRef,
        event.schemaVersion,
      );
      return BigInt(lastInsertRowid);
    });
    this.statements.setHead.run(firstRevision + events.length - 1, stream);
    return positions;
  }

  readStream(query: StreamQuery): RecordedEvent[] | undefined {
    const key = this.streamKey(query.streamId);
    if (key === undefined) return undefined;
    const forwards = query.direction === 'forwards';
    const events: RecordedEvent[] = [];
    let from = query.fromRevision ?? (forwards ? 0 : Number.MAX_SAFE_INTEGER);
    for (let left = query.maxCount; left > 0;) {
      const count = Math.min(left, PAGE);
      const { rows, full } = this.page(forwards ? this.statements.forwards : this.statements.backwards, [key, from], count, 1, forwards ? 1 : -1);
      for (const row of rows) events.push(this.toRecordedEvent(row, query.streamId));
      if (!full) break;
      left -= rows.length;
      from = (rows[rows.length - 1] as PageRow)[1] + (forwards ? 1 : -1);
    }
    return events;
  }

  readAll({ after, maxCount, maxBytes, filter }: AllQuery): RecordedEvent[] {
    const { query, params } = this.allQuery(filter);
    const events: RecordedEvent[] = [];
    let from = after === undefined ? -1 : Number(after);
    let bytes = 0;
    for (let left = maxCount; left > 0;) {
      const count = Math.min(left, PAGE);
      const { rows, full, size } = this.page(query, [from, ...params], count, 0, 1);
      for (const row of rows) events.push(this.toRecordedEvent(row));
      if (!full) break;
      left -= rows.length;
      from = (rows[rows.length - 1] as PageRow)[0];
      bytes += size;
      if (maxBytes !== undefined && bytes >= maxBytes) break;
    }
    return events;
  }

  lastPosition(filter?: AllFilter): bigint | undefined {
    let last: unknown;
    if (isFiltering(filter)) {
      const { query, params } = this.allQuery(filter, 'last');
      last = query.get(...params);
    } else {
      last = this.statements.last.get();
    }
    return typeof last === 'number' ? BigInt(last) : undefined;
  }

  writesElsewhere(): number {
    const version = this.statements.dataVersion.get() as number;
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.foreignCommits += 1;
    }
    return this.foreignCommits;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /**
   * Up to `count` rows, fewer when their text passes the page's byte budget. `full`: the page
   * stopped at a limit (count or bytes), so more rows may follow; `size`: its stored bytes.
   */
  private page(query: PageQuery, params: unknown[], count: number, field: 0 | 1, sign: 1 | -1): { rows: PageRow[]; full: boolean; size: number } {
    const rowSizes = query.sizes.all(...params, count) as number[];
    const { rows: fit, bytes: size } = this.fitting(rowSizes);
    const json = fit === 0 ? null : (query.page.get(...params, fit) as string | null);
    if (json === null) return { rows: [], full: false, size: 0 };
    const rows = JSON.parse(json) as PageRow[];
    const full = rowSizes.length === count || fit < rowSizes.length;
    for (let i = 1; i < rows.length; i++) {
      if (sign * ((rows[i] as PageRow)[field] - (rows[i - 1] as PageRow)[field]) <= 0) {
        return { rows: rows.sort((a, b) => sign * (a[field] - b[field])), full, size };
      }
    }
    return { rows, full, size };
  }

  /** How many of the leading rows (by stored size) fit the byte budget: always one at least. */
  private fitting(rowSizes: number[]): { rows: number; bytes: number } {
    let bytes = 0;
    let rows = 0;
    for (const size of rowSizes) {
      if (rows > 0 && bytes + size + ROW_OVERHEAD > this.pageBytes) break;
      bytes += size + ROW_OVERHEAD;
      rows += 1;
    }
    return { rows, bytes };
  }

  private pageQuery(where: string, orderBy: string, dataOfTypes?: string): PageQuery {
    return { page: this.db.prepare(page(where, orderBy, dataOfTypes)).pluck(), sizes: this.db.prepare(sizes(where, orderBy)).pluck() };
  }

  /** Straight from the parsed row to the envelope: reading all is the hot path of every rebuild. */
  private toRecordedEvent(row: PageRow, streamId?: string): RecordedEvent {
    const schemaVersion = row[4];
    if (row.length === 7) return this.withDataOnDemand(row, schemaVersion);
    return {
      id: row[5],
      streamId: streamId ?? this.streamIds.get(row[2]) ?? this.lookUp(row[2], this.statements.streamId, this.streamIds, this.streamKeys),
      revision: row[1],
      position: BigInt(row[0]),
      type: this.typeNames.get(row[3]) ?? this.lookUp(row[3], this.statements.typeName, this.typeNames, this.typeKeys),
      data: row[7],
      metadata: decodeMetadata(row[6], schemaVersion),
      schemaVersion,
    };
  }

  /**
   * An event whose data the reader said it would not read (`AllFilter.dataOf`): `data` is read
   * from the file, and parsed, the first time it is asked for (the store must still be open).
   */
  private withDataOnDemand(row: PageRow, schemaVersion: number): RecordedEvent {
    const position = row[0];
    const readData = () => this.dataAt(position);
    let data: unknown;
    let read = false;
    return {
      id: row[5],
      streamId: this.streamIds.get(row[2]) ?? this.lookUp(row[2], this.statements.streamId, this.streamIds, this.streamKeys),
      revision: row[1],
      position: BigInt(position),
      type: this.typeNames.get(row[3]) ?? this.lookUp(row[3], this.statements.typeName, this.typeNames, this.typeKeys),
      get data(): unknown {
        if (!read) {
          data = readData();
          read = true;
        }
        return data;
      },
      set data(value: unknown) {
        data = value;
        read = true;
      },
      metadata: decodeMetadata(row[6], schemaVersion),
      schemaVersion,
    };
  }

  private dataAt(position: number): unknown {
    const text = this.statements.dataAt.get(position) as string | undefined;
    if (text === undefined) throw new Error(`SQLite store ${this.filename}: no event at position ${position}`);
    return JSON.parse(text);
  }

  private streamKey(streamId: string): number | undefined {
    const cached = this.streamKeys.get(streamId);
    if (cached !== undefined) return cached;
    const key = this.statements.streamKey.get(streamId) as number | undefined;
    if (key !== undefined) this.remember(streamId, key, this.streamKeys, this.streamIds);
    return key;
  }

  /** The type's interned key, or undefined when no event of it is stored. */
  private knownTypeKey(type: string): number | undefined {
    const cached = this.typeKeys.get(type);
    if (cached !== undefined) return cached;
    const key = this.statements.typeKey.get(type) as number | undefined;
    if (key !== undefined) this.remember(type, key, this.typeKeys, this.typeNames);
    return key;
  }

  private typeKey(type: string): number {
    const key = this.statements.typeKey.get(type) as number | undefined;
    if (key === undefined) return this.intern(type, this.statements.newType, this.typeKeys, this.typeNames);
    this.remember(type, key, this.typeKeys, this.typeNames);
    return key;
  }

  private intern(name: string, insert: Database.Statement, keys: Map<string, number>, names: Map<number, string>): number {
    const key = insert.get(name) as number;
    this.remember(name, key, keys, names);
    return key;
  }

  private lookUp(key: number, select: Database.Statement, names: Map<number, string>, keys: Map<string, number>): string {
    const name = select.get(key) as string | undefined;
    if (name === undefined) throw new Error(`SQLite store ${this.filename}: no name for interned key ${key}`);
    this.remember(name, key, keys, names);
    return name;
  }

  private remember(name: string, key: number, keys: Map<string, number>, names: Map<number, string>): void {
    keys.set(name, key);
    names.set(key, name);
  }

  /** Keys interned inside a transaction that rolled back no longer exist: forget every cached key. */
  private forgettingOnRollback<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      this.streamKeys.clear();
      this.streamIds.clear();
      this.typeKeys.clear();
      this.typeNames.clear();
      this.texts.reload();
      throw error;
    }
  }

  private byRevision(stream: number, query: StreamQuery, forwards: Database.Statement, backwards: Database.Statement): unknown[] {
    const { direction, fromRevision, maxCount } = query;
    return direction === 'forwards'
      ? forwards.all(stream, fromRevision ?? 0, limit(maxCount))
      : backwards.all(stream, fromRevision ?? Number.MAX_SAFE_INTEGER, limit(maxCount));
  }

  /** One cached query per filter shape; the SQL mirrors `matchesFilter`. */
  private allQuery(filter?: AllFilter): { query: PageQuery; params: (string | number)[] };
  private allQuery(filter: AllFilter | undefined, shape: 'last'): { query: Database.Statement; params: (string | number)[] };
  private allQuery(filter?: AllFilter, shape: 'page' | 'last' = 'page'): { query: PageQuery | Database.Statement; params: (string | number)[] } {
    const prefixes = isFiltering(filter) ? (filter.streamPrefixes ?? []) : [];
    const types = isFiltering(filter) ? (filter.eventTypes ?? []) : [];
    // The interned keys of the types whose data the reader reads, in the SQL (-1: none yet);
    // a type interned after the query was made comes with its data on demand.
    const dataOf = shape === 'page' && filter?.dataOf ? filter.dataOf.map((type) => this.knownTypeKey(type) ?? -1).join(', ') || '-1' : undefined;
    const key = `${shape}/${prefixes.length}/${types.length}/${dataOf ?? ''}`;
    let query = this.allQueries.get(key);
    if (!query) {
      const where = shape === 'page' ? ['position > ?'] : ['1'];
      // `+stream`, `+type`: no index for these terms, so SQLite walks the log in position order
      // and stops at the page's end, instead of gathering every match of the stream index and
      // sorting it all for each page.
      if (prefixes.length) {
        // The log's rows are looked up in the smaller of the two sets of streams, decided when the
        // query is made: a rebuild reads nearly every stream (the games), and the set it leaves out
        // (content streams) is a few keys, so each row costs less to check against it. The
        // choice changes the cost only: every row's stream is in `streams`, so NOT IN the others
        // is IN the matching ones.
        const matching = prefixes.map(() => 'substr(stream_id, 1, ?) = ?').join(' OR ');
        const counts = this.db.prepare(`SELECT count(*) AS total, ifnull(sum(${matching}), 0) AS matched FROM streams`).get(...prefixParamsOf(prefixes)) as {
          total: number;
          matched: number;
        };
        where.push(
          counts.matched * 2 > counts.total
            ? `+stream NOT IN (SELECT stream_key FROM streams WHERE NOT (${matching}))`
            : `+stream IN (SELECT stream_key FROM streams WHERE ${matching})`,
        );
      }
      if (types.length) where.push(`+type IN (SELECT type_key FROM event_types WHERE type IN (${types.map(() => '?').join(', ')}))`);
      query =
        shape === 'page'
          ? this.pageQuery(where.join(' AND '), 'position', dataOf)
          : this.db.prepare(`SELECT position FROM log WHERE ${where.join(' AND ')} ORDER BY position DESC LIMIT 1`).pluck();
      this.allQueries.set(key, query);
    }
    return { query, params: [...prefixParamsOf(prefixes), ...types] };
  }
}

/** The parameters of the stream-prefix terms: each prefix's length in characters, then the prefix. */
const prefixParamsOf = (prefixes: readonly string[]): (string | number)[] => prefixes.flatMap((prefix) => [[...prefix].length, prefix]);

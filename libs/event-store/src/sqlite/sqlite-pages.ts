// The SQL half of reading the log: each page of rows as one JSON text built by SQLite. It needs a
// connection and nothing else of the store, so it runs on the store's own connection (reads of a
// stream, small reads) or on a read-only one in a worker thread (sqlite-reader.worker.ts), where a
// rebuild's long read builds its pages while the event loop folds the page before.
import type Database from 'better-sqlite3';
import type { AllFilter } from '../event-store.port';
import { isFiltering } from '../core/all-filter';
import type { AllQuery } from '../core/local-storage';
import { uuidOfHex } from './sqlite-row-codec';
import { MAX_INTERNED_CHARS } from './sqlite-texts';

/** Rows per read query: each page is one string and one JSON.parse. */
export const PAGE_ROWS = 2000;
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
 * id, metadata, data`, the id as the 32 hex digits of its blob (`idOfRow` formats the UUID: in
 * SQL, `lower` and five `substr` were two fifths of building a page) or, stored as text, the
 * text in an array. A page is `[[row],[row],…]` (the separator closes one row and opens the
 * next), so the long texts come last and are copied once; it is one string and one JSON.parse,
 * instead of a JavaScript value per column and two parses per row.
 */
const ROW_ID = `position || ',' || revision || ',' || stream || ',' || type || ',' || schema_version ||
  CASE WHEN typeof(id) = 'blob' THEN ',"' || hex(id) || '",' ELSE ',[' || json_quote(id) || '],' END`;
const ROW_HEAD = `${ROW_ID} || metadata`;
const ROW_JSON = `${ROW_HEAD} || ',' || data`;
/** A row whose (long) data the reader did not ask for (`AllFilter.dataOf`) ends after its metadata: seven values. */
const ROW_JSON_MAYBE_DATA = `${ROW_HEAD} || ifnull(',' || data, '')`;
/**
 * A row's data and metadata codec text with its interned parts put back from `texts` (v3:
 * sqlite-texts.ts), so the page's text is what v2 stored inline.
 */
export const DATA_TEXT = 'ifnull(data, (SELECT text FROM texts WHERE key = data_ref))';
const METADATA_TEXT = 'CASE WHEN tail_ref IS NULL THEN metadata ELSE metadata || (SELECT text FROM texts WHERE key = tail_ref) END';
/**
 * A row whose data the reader did not ask for still comes with it when it is short (most are a
 * few dozen characters): parsing it costs less than an accessor that would read it later.
 */
const INLINE_DATA = `data_ref IS NOT NULL OR octet_length(data) <= ${MAX_INTERNED_CHARS}`;
/**
 * A row of a page for a reader that changes nothing (`AllFilter.readOnly`): the interned parts
 * come as their keys, not their texts (`metadata` closed as an array, then the tail's key and the
 * data's, 0 for none, then the data when inline): each text is parsed once, by its key, into a
 * frozen value the events share (SqliteStorage), instead of being copied into every page and
 * parsed with every event. Nine values, ten with inline data.
 */
const ROW_REFS = (dataOfTypes: string | undefined) =>
  `${ROW_ID} || CASE WHEN tail_ref IS NULL THEN metadata ELSE metadata || ']' END || ',' || ifnull(tail_ref, 0) || ',' || ifnull(data_ref, 0)
    || ifnull(',' || ${dataOfTypes === undefined ? 'data' : `CASE WHEN type IN (${dataOfTypes}) OR octet_length(data) <= ${MAX_INTERNED_CHARS} THEN data END`}, '')`;
const pageOfRefs = (where: string, orderBy: string, dataOfTypes?: string) =>
  `SELECT '[[' || group_concat(${ROW_REFS(dataOfTypes)}, '],[') || ']]', max(position), min(revision), max(revision) FROM (
    SELECT position, revision, stream, type, schema_version, id, metadata, tail_ref, data, data_ref
    FROM log WHERE ${where} ORDER BY ${orderBy} LIMIT ?)`;
/**
 * group_concat takes the rows in the order the subquery gives them (an ORDER BY inside the
 * aggregate would sort every page again, doubling the read); `rowsOf` checks that it did. The
 * page's last position and its first and last revisions come beside it, so a read goes on to
 * the next page without parsing this one.
 */
const page = (where: string, orderBy: string, dataOfTypes?: string) =>
  `SELECT '[[' || group_concat(${dataOfTypes === undefined ? ROW_JSON : ROW_JSON_MAYBE_DATA}, '],[') || ']]', max(position), min(revision), max(revision) FROM (
    SELECT position, revision, stream, type, schema_version, id,
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
export interface PageQuery {
  page: Database.Statement;
  sizes: Database.Statement;
  /** Its rows hold the keys of interned texts (ROW_REFS), not the texts. */
  refs: boolean;
}

/** One page as SQLite built it, and where the next one starts. */
export interface PageText {
  /** `[[row],[row],…]`: see `rowsOf`. */
  json: string;
  /** Rows of ROW_REFS: interned texts by key. */
  refs: boolean;
  /** The page stopped at a limit (count or bytes), so more rows may follow. */
  full: boolean;
  /** Its stored bytes (as `fitting` counts them). */
  size: number;
  rows: number;
  lastPosition: number;
  firstRevision: number;
  lastRevision: number;
}

/** SQLite's "no limit". */
export const limit = (maxCount: number): number => (maxCount >= Number.MAX_SAFE_INTEGER ? -1 : maxCount);

/** The values every row of a page starts with. */
type RowHead = [position: number, revision: number, stream: number, type: number, schemaVersion: number, id: string | [string]];

/**
 * A parsed row: eight values, seven when the data was left out (`AllFilter.dataOf`: it is read
 * when first asked for). A row of a `refs` page is RefsRow.
 */
export type PageRow = [...RowHead, metadata: unknown, data?: unknown];

/** A row of a `refs` page (ROW_REFS): nine values, ten with the data inline. */
export type RefsRow = [...RowHead, metadata: unknown[], tailRef: number, dataRef: number, data?: unknown];

/** A row's event id: the UUID of its blob's hex digits, or the id stored as text. */
export const idOfRow = (id: PageRow[5]): string => (typeof id === 'string' ? uuidOfHex(id.toLowerCase()) : id[0]);

/** The page's rows, in order of `field` (0: position, 1: revision; `sign` -1 for a backwards read). */
export function rowsOf(text: PageText, field: 0 | 1, sign: 1 | -1): PageRow[] {
  const rows = JSON.parse(text.json) as PageRow[];
  for (let i = 1; i < rows.length; i++) {
    if (sign * ((rows[i] as PageRow)[field] - (rows[i - 1] as PageRow)[field]) <= 0) return rows.sort((a, b) => sign * (a[field] - b[field]));
  }
  return rows;
}

/** The parameters of the stream-prefix terms: each prefix's length in characters, then the prefix. */
const prefixParamsOf = (prefixes: readonly string[]): (string | number)[] => prefixes.flatMap((prefix) => [[...prefix].length, prefix]);

export class SqlitePages {
  private readonly allQueries = new Map<string, PageQuery | Database.Statement>();
  readonly forwards: PageQuery;
  readonly backwards: PageQuery;
  private readonly last: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    /** Most bytes of stored text one read query returns (at least one row, however big). */
    private readonly pageBytes: number,
    /** The type's interned key, or undefined when no event of it is stored. */
    private readonly knownTypeKey: (type: string) => number | undefined,
  ) {
    this.forwards = this.pageQuery('stream = ? AND revision >= ?', 'revision');
    this.backwards = this.pageQuery('stream = ? AND revision <= ?', 'revision DESC');
    this.last = db.prepare('SELECT max(position) FROM log').pluck();
  }

  /** The pages of a read of all events, as texts: up to `maxCount` rows, and about `maxBytes` at most. */
  allTexts({ after, maxCount, maxBytes, filter }: AllQuery): PageText[] {
    const { query, params } = this.allQuery(filter);
    const texts: PageText[] = [];
    let from = after === undefined ? -1 : Number(after);
    let bytes = 0;
    for (let left = maxCount; left > 0;) {
      const text = this.pageText(query, [from, ...params], Math.min(left, PAGE_ROWS));
      if (!text) break;
      texts.push(text);
      if (!text.full) break;
      left -= text.rows;
      from = text.lastPosition;
      bytes += text.size;
      if (maxBytes !== undefined && bytes >= maxBytes) break;
    }
    return texts;
  }

  /** Up to `count` rows, fewer when their text passes the page's byte budget; undefined when there are none. */
  pageText(query: PageQuery, params: unknown[], count: number): PageText | undefined {
    const rowSizes = query.sizes.all(...params, count) as number[];
    const { rows, bytes } = this.fitting(rowSizes);
    if (rows === 0) return undefined;
    const [json, lastPosition, firstRevision, lastRevision] = query.page.get(...params, rows) as [string | null, number, number, number];
    if (json === null) return undefined;
    return { json, refs: query.refs, full: rowSizes.length === count || rows < rowSizes.length, size: bytes, rows, lastPosition, firstRevision, lastRevision };
  }

  lastPosition(filter?: AllFilter): number | undefined {
    if (!isFiltering(filter)) return this.last.get() as number | undefined;
    const { query, params } = this.allQuery(filter, 'last');
    return query.get(...params) as number | undefined;
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

  private pageQuery(where: string, orderBy: string, dataOfTypes?: string, refs = false): PageQuery {
    const sql = refs ? pageOfRefs(where, orderBy, dataOfTypes) : page(where, orderBy, dataOfTypes);
    return { page: this.db.prepare(sql).raw(), sizes: this.db.prepare(sizes(where, orderBy)).pluck(), refs };
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
    const refs = shape === 'page' && filter?.readOnly === true;
    const key = `${shape}/${prefixes.length}/${types.length}/${dataOf ?? ''}/${refs}`;
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
          ? this.pageQuery(where.join(' AND '), 'position', dataOf, refs)
          : this.db.prepare(`SELECT position FROM log WHERE ${where.join(' AND ')} ORDER BY position DESC LIMIT 1`).pluck();
      this.allQueries.set(key, query);
    }
    return { query, params: [...prefixParamsOf(prefixes), ...types] };
  }
}

import type { Pool } from 'pg';
import type { AllFilter, RecordedEvent } from '../event-store.port';
import { isFiltering } from '../core/all-filter';
import type { AllQuery, StreamQuery } from '../core/local-storage';
import { mapped } from './postgres-connection';
import type { StoreTables } from './postgres-schema';

/** pg parses `json` columns itself; int8 comes as text (it can pass 2^53). */
type StreamRow = [position: string, revision: number, id: string, type: string, data: unknown, metadata: RecordedEvent['metadata'], schemaVersion: number];
type AllRow = [
  position: string,
  streamId: string,
  revision: number,
  id: string,
  type: string,
  data: unknown,
  metadata: RecordedEvent['metadata'],
  schemaVersion: number,
];

/** PostgreSQL's LIMIT takes a bigint; "all" is LIMIT NULL. */
const limit = (maxCount: number): number | null => (maxCount >= Number.MAX_SAFE_INTEGER ? null : maxCount);
const MAX_REVISION = 2147483647;
/** Most rows a page read by bytes sizes in one query. */
const SIZED_PAGE_ROWS = 10_000;

/** The SQL of a `$all` filter, mirroring `matchesFilter`: a prefix from the list AND a type from the list. */
function filterSql(filter: AllFilter | undefined, values: unknown[]): string {
  if (!isFiltering(filter)) return '';
  let sql = '';
  if (filter.streamPrefixes?.length) {
    values.push(filter.streamPrefixes);
    sql += ` AND stream_id ^@ ANY($${values.length}::text[])`;
  }
  if (filter.eventTypes?.length) {
    values.push(filter.eventTypes);
    sql += ` AND type = ANY($${values.length}::text[])`;
  }
  return sql;
}

/** The store's reads: decoded, not upcast (the store upcasts). */
export class PostgresReads {
  private readonly columns = 'position::text AS pos, stream_id, revision, event_id, type, data, metadata, schema_version';

  constructor(
    private readonly pool: Pool,
    private readonly tables: StoreTables,
  ) {}

  /** undefined when the stream does not exist. */
  async readStream({ streamId, direction, fromRevision, maxCount }: StreamQuery): Promise<RecordedEvent[] | undefined> {
    const forwards = direction === 'forwards';
    const { rows } = await mapped(
      this.pool.query<StreamRow>({
        text: `SELECT position::text AS pos, revision, event_id, type, data, metadata, schema_version FROM ${this.tables.events}
               WHERE stream_id = $1 AND revision ${forwards ? '>=' : '<='} $2 ORDER BY revision ${forwards ? '' : 'DESC'} LIMIT $3`,
        values: [streamId, fromRevision ?? (forwards ? 0 : MAX_REVISION), limit(maxCount)],
        rowMode: 'array',
      }),
    );
    if (rows.length === 0 && !(await this.streamExists(streamId))) return undefined;
    return rows.map((row) => ({
      id: row[2],
      streamId,
      revision: row[1],
      position: BigInt(row[0]),
      type: row[3],
      data: row[4],
      metadata: row[5],
      schemaVersion: row[6],
    }));
  }

  /**
   * Events after `after` in position order. With `maxBytes`, the page stops once the events it
   * holds pass that many bytes of stored text (one event at least), counted by PostgreSQL so
   * that what is left out is never sent.
   */
  async readAll({ after, maxCount, maxBytes, filter }: AllQuery): Promise<RecordedEvent[]> {
    const values: unknown[] = [after === undefined ? '0' : after.toString()];
    const where = `position > $1${filterSql(filter, values)}`;
    // Sized pages are bounded by count too: the sizes are summed over every row the inner query
    // returns, and the port lets a page measured by bytes hold fewer events than asked for.
    values.push(maxBytes === undefined ? limit(maxCount) : Math.min(maxCount, SIZED_PAGE_ROWS));
    const count = `$${values.length}`;
    let text = `SELECT ${this.columns} FROM ${this.tables.events} WHERE ${where} ORDER BY position LIMIT ${count}`;
    if (maxBytes !== undefined) {
      values.push(maxBytes);
      text = `SELECT ${this.columns} FROM (
                SELECT *, sum(octet_length(data::text) + octet_length(metadata::text)) OVER (ORDER BY position) AS upto,
                  octet_length(data::text) + octet_length(metadata::text) AS size
                FROM (SELECT * FROM ${this.tables.events} WHERE ${where} ORDER BY position LIMIT ${count}) page
              ) sized WHERE upto - size < $${values.length} ORDER BY position`;
    }
    const { rows } = await mapped(this.pool.query<AllRow>({ text, values, rowMode: 'array' }));
    return rows.map((row) => ({
      id: row[3],
      streamId: row[1],
      revision: row[2],
      position: BigInt(row[0]),
      type: row[4],
      data: row[5],
      metadata: row[6],
      schemaVersion: row[7],
    }));
  }

  async lastPosition(filter?: AllFilter): Promise<bigint | undefined> {
    const values: unknown[] = [];
    const where = `true${filterSql(filter, values)}`;
    const { rows } = await mapped(
      this.pool.query<[string]>({
        text: `SELECT position::text AS pos FROM ${this.tables.events} WHERE ${where} ORDER BY position DESC LIMIT 1`,
        values,
        rowMode: 'array',
      }),
    );
    return rows.length > 0 ? BigInt(rows[0][0]) : undefined;
  }

  private async streamExists(streamId: string): Promise<boolean> {
    const { rowCount } = await mapped(this.pool.query(`SELECT 1 FROM ${this.tables.streams} WHERE stream_id = $1`, [streamId]));
    return (rowCount ?? 0) > 0;
  }
}

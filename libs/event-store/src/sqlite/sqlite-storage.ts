import Database from 'better-sqlite3';
import type { AllFilter, RecordedEvent } from '../event-store.port';
import type { StreamHead } from '../core/expected-revision';
import type { StoredEventRef } from '../core/idempotent-retry';
import { isFiltering } from '../core/all-filter';
import type { AllQuery, LocalStorage, StreamQuery } from '../core/local-storage';
import type { SerializedEvent } from '../core/serialized-event';
import { openSchema } from './sqlite-schema';

const COLUMNS = 'position, stream_id, revision, event_id, type, data, metadata, schema_version';
type RawRow = [number, string, number, string, string, string, string, number];
/** SQLite's "no limit". */
const limit = (maxCount: number): number => (maxCount >= Number.MAX_SAFE_INTEGER ? -1 : maxCount);

export class SqliteStorage implements LocalStorage {
  private readonly db: Database.Database;
  private readonly inTransaction: Database.Transaction<(work: () => unknown) => unknown>;
  private readonly allQueries = new Map<string, Database.Statement>();
  private readonly statements;
  private dataVersion: number;
  private foreignCommits = 0;

  constructor(private readonly filename: string) {
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
      refsForwards: prepare('SELECT event_id, revision, position FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?').raw(),
      refsBackwards: prepare('SELECT event_id, revision, position FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?').raw(),
      insert: prepare(
        'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      setHead: prepare(
        'INSERT INTO streams (stream_id, last_revision) VALUES (?, ?) ON CONFLICT (stream_id) DO UPDATE SET last_revision = excluded.last_revision',
      ),
      forwards: prepare(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`).raw(),
      backwards: prepare(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`).raw(),
      last: prepare('SELECT max(position) FROM events').pluck(),
      // Changes whenever another connection (another process: a CLI import, a second server)
      // has committed to the file since this connection last asked; never for our own commits.
      dataVersion: prepare('PRAGMA data_version').pluck(),
    };
    this.dataVersion = this.statements.dataVersion.get() as number;
  }

  /** `PRAGMA quick_check`: [] when the file is sound, otherwise what SQLite found (first 10 lines). */
  integrityProblems(): string[] {
    try {
      const rows = this.db.pragma('quick_check(10)', { simple: false }) as Array<Record<string, string>>;
      const lines = rows.map((row) => String(Object.values(row)[0]));
      return lines.length === 1 && lines[0] === 'ok' ? [] : lines.map((line) => `${this.filename}: ${line}`);
    } catch (error) {
      return [`${this.filename}: ${error instanceof Error ? error.message : String(error)}`];
    }
  }

  transaction(work: () => void): void {
    this.inTransaction.immediate(work);
  }

  isolated<T>(work: () => T): T {
    return this.inTransaction(work) as T;
  }

  streamHead(streamId: string): StreamHead {
    return this.statements.head.get(streamId) as number | undefined;
  }

  eventRefs(query: StreamQuery): StoredEventRef[] {
    const { refsForwards, refsBackwards } = this.statements;
    const rows = this.byRevision(query, refsForwards, refsBackwards) as [string, number, number][];
    return rows.map(([id, revision, position]) => ({ id, revision, position: BigInt(position) }));
  }

  insert(streamId: string, firstRevision: number, events: readonly SerializedEvent[]): bigint[] {
    const positions = events.map((event, i) => {
      const { lastInsertRowid } = this.statements.insert.run(
        streamId, firstRevision + i, event.id, event.type, event.data, event.metadata, event.schemaVersion,
      );
      return BigInt(lastInsertRowid);
    });
    this.statements.setHead.run(streamId, firstRevision + events.length - 1);
    return positions;
  }

  readStream(query: StreamQuery): RecordedEvent[] | undefined {
    const rows = this.byRevision(query, this.statements.forwards, this.statements.backwards) as RawRow[];
    if (rows.length === 0 && this.streamHead(query.streamId) === undefined) return undefined;
    return rows.map(toRecordedEvent);
  }

  readAll({ after, maxCount, filter }: AllQuery): RecordedEvent[] {
    const { statement, params } = this.allQuery(filter);
    const rows = statement.all(after === undefined ? -1 : Number(after), ...params, limit(maxCount)) as RawRow[];
    return rows.map(toRecordedEvent);
  }

  lastPosition(filter?: AllFilter): bigint | undefined {
    let last: unknown;
    if (isFiltering(filter)) {
      const { statement, params } = this.allQuery(filter, 'last');
      last = statement.get(...params);
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

  private byRevision(query: StreamQuery, forwards: Database.Statement, backwards: Database.Statement): unknown[] {
    const { streamId, direction, fromRevision, maxCount } = query;
    return direction === 'forwards'
      ? forwards.all(streamId, fromRevision ?? 0, limit(maxCount))
      : backwards.all(streamId, fromRevision ?? Number.MAX_SAFE_INTEGER, limit(maxCount));
  }

  /** One cached statement per filter shape; the SQL mirrors `matchesFilter`. */
  private allQuery(filter?: AllFilter, shape: 'page' | 'last' = 'page'): { statement: Database.Statement; params: (string | number)[] } {
    const prefixes = isFiltering(filter) ? (filter.streamPrefixes ?? []) : [];
    const types = isFiltering(filter) ? (filter.eventTypes ?? []) : [];
    const key = `${shape}/${prefixes.length}/${types.length}`;
    let statement = this.allQueries.get(key);
    if (!statement) {
      const where = shape === 'page' ? ['position > ?'] : ['1'];
      if (prefixes.length) where.push(`(${prefixes.map(() => 'substr(stream_id, 1, ?) = ?').join(' OR ')})`);
      if (types.length) where.push(`type IN (${types.map(() => '?').join(', ')})`);
      const sql =
        shape === 'page'
          ? `SELECT ${COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY position LIMIT ?`
          : `SELECT position FROM events WHERE ${where.join(' AND ')} ORDER BY position DESC LIMIT 1`;
      statement = shape === 'page' ? this.db.prepare(sql).raw() : this.db.prepare(sql).pluck();
      this.allQueries.set(key, statement);
    }
    const prefixParams = prefixes.flatMap((prefix) => [[...prefix].length, prefix]);
    return { statement, params: [...prefixParams, ...types] };
  }
}

/** Straight from the raw row to the envelope: reading all is the hot path of every rebuild. */
function toRecordedEvent(row: RawRow): RecordedEvent {
  return {
    id: row[3],
    streamId: row[1],
    revision: row[2],
    position: BigInt(row[0]),
    type: row[4],
    data: JSON.parse(row[5]),
    metadata: JSON.parse(row[6]),
    schemaVersion: row[7],
  };
}

import Database from 'better-sqlite3';
import type { AllFilter, EventMetadata, RecordedEvent } from '../event-store.port';
import type { StreamHead } from '../core/expected-revision';
import type { StoredEventRef } from '../core/stored-event-ref';
import type { AllQuery, LocalStorage, StreamQuery } from '../core/local-storage';
import type { SerializedEvent } from '../core/serialized-event';
import { deepFreeze } from '../core/deep-freeze';
import { decodeEventId, decodeMetadata, encodeEventId, encodeMetadata } from './sqlite-row-codec';
import { quickCheck } from './sqlite-integrity';
import { openSchema } from './sqlite-schema';
import { DATA_TEXT, DEFAULT_PAGE_BYTES, PAGE_ROWS, idOfRow, limit, rowsOf, SqlitePages, type PageRow, type PageText, type RefsRow } from './sqlite-pages';
import { TextDictionary, compactMetadata, compactRow, type CompactMetadata } from './sqlite-texts';

export class SqliteStorage implements LocalStorage {
  private readonly db: Database.Database;
  private readonly inTransaction: Database.Transaction<(work: () => unknown) => unknown>;
  private readonly pages: SqlitePages;
  private readonly statements;
  private dataVersion: number;
  private foreignCommits = 0;
  /** Interned keys (never change once committed; forgotten when a transaction rolls back). */
  private readonly streamKeys = new Map<string, number>();
  private readonly streamIds = new Map<number, string>();
  private readonly typeKeys = new Map<string, number>();
  private readonly typeNames = new Map<number, string>();
  /**
   * Each stream's last revision as this connection committed it (or is committing it): an append's
   * check reads no row. Forgotten when a transaction rolls back, and at the start of a write
   * transaction when another connection has committed to the file since (headsVersion).
   */
  private readonly heads = new Map<string, number>();
  private headsVersion: number;
  /** Interned texts as the frozen values readers that change nothing share (withSharedTexts). */
  private readonly sharedTexts = new Map<number, unknown>();
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
      dataAt: prepare(`SELECT ${DATA_TEXT} FROM log WHERE position = ?`).pluck(),
      text: prepare('SELECT text FROM texts WHERE key = ?').pluck(),
      // Changes whenever another connection (another process: a CLI import, a second server)
      // has committed to the file since this connection last asked; never for our own commits.
      dataVersion: prepare('PRAGMA data_version').pluck(),
    };
    this.pages = new SqlitePages(this.db, pageBytes, (type) => this.knownTypeKey(type));
    this.dataVersion = this.statements.dataVersion.get() as number;
    this.headsVersion = this.dataVersion;
    this.texts = new TextDictionary(this.db);
  }

  /** `PRAGMA quick_check` on this connection, in this thread (see SqliteEventStore.integrityProblems). */
  integrityProblems(): string[] {
    return quickCheck(this.db, this.filename);
  }

  transaction(work: () => void): void {
    this.forgettingOnRollback(() =>
      this.inTransaction.immediate(() => {
        // Holding the write lock, so no other connection commits until this one ends.
        const version = this.statements.dataVersion.get() as number;
        if (version !== this.headsVersion) {
          this.headsVersion = version;
          this.heads.clear();
        }
        work();
      }),
    );
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
    const known = this.heads.get(streamId);
    if (known !== undefined) return known;
    const head = this.statements.head.get(streamId) as number | undefined;
    if (head !== undefined) this.heads.set(streamId, head);
    return head;
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
    // The events of one command share one metadata text (serializeEvents): split and looked up once.
    let shared: { text: string; parts: CompactMetadata } | undefined;
    const positions = events.map((event, i) => {
      const type = this.typeKeys.get(event.type) ?? this.typeKey(event.type);
      const metadata = event.storedMetadata ?? encodeMetadata(JSON.parse(event.metadata ?? '{}') as EventMetadata, event.schemaVersion);
      if (shared?.text !== metadata) shared = { text: metadata, parts: compactMetadata(this.texts, metadata) };
      const row = compactRow(this.texts, event.data, shared.parts);
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
    this.heads.set(streamId, firstRevision + events.length - 1);
    return positions;
  }

  readStream(query: StreamQuery): RecordedEvent[] | undefined {
    const key = this.streamKey(query.streamId);
    if (key === undefined) return undefined;
    const forwards = query.direction === 'forwards';
    const events: RecordedEvent[] = [];
    let from = query.fromRevision ?? (forwards ? 0 : Number.MAX_SAFE_INTEGER);
    for (let left = query.maxCount; left > 0;) {
      const text = this.pages.pageText(forwards ? this.pages.forwards : this.pages.backwards, [key, from], Math.min(left, PAGE_ROWS));
      if (!text) break;
      for (const row of rowsOf(text, 1, forwards ? 1 : -1)) events.push(this.toRecordedEvent(row, query.streamId));
      if (!text.full) break;
      left -= text.rows;
      from = forwards ? text.lastRevision + 1 : text.firstRevision - 1;
    }
    return events;
  }

  readAll(query: AllQuery): RecordedEvent[] {
    return this.eventsOf(this.pages.allTexts(query));
  }

  /** The events of pages read here or by the reader worker (SqliteReader), in log order. */
  eventsOf(texts: readonly PageText[]): RecordedEvent[] {
    const events: RecordedEvent[] = [];
    for (const text of texts) {
      if (text.refs) for (const row of rowsOf(text, 0, 1) as unknown as RefsRow[]) events.push(this.withSharedTexts(row));
      else for (const row of rowsOf(text, 0, 1)) events.push(this.toRecordedEvent(row));
    }
    return events;
  }

  lastPosition(filter?: AllFilter): bigint | undefined {
    const last = this.pages.lastPosition(filter);
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

  /** Straight from the parsed row to the envelope: reading all is the hot path of every rebuild. */
  private toRecordedEvent(row: PageRow, streamId?: string): RecordedEvent {
    const schemaVersion = row[4];
    if (row.length === 7) return this.withDataOnDemand(row, schemaVersion);
    return {
      id: idOfRow(row[5]),
      streamId: streamId ?? this.streamIdOf(row[2]),
      revision: row[1],
      position: BigInt(row[0]),
      type: this.typeNameOf(row[3]),
      data: row[7],
      metadata: decodeMetadata(row[6], schemaVersion),
      schemaVersion,
    };
  }

  /**
   * An event of a page for a reader that changes nothing (`AllFilter.readOnly`): its interned data
   * and metadata tail are the texts' frozen values, parsed once for every event that has them.
   */
  private withSharedTexts(row: RefsRow): RecordedEvent {
    const [position, revision, stream, type, schemaVersion, id, head, tailRef, dataRef] = row;
    const metadata = decodeMetadata(head, schemaVersion, tailRef === 0 ? undefined : (this.sharedText(tailRef) as unknown[]));
    // Inline data the page left out (long, of a type the reader does not read): read when asked for.
    if (dataRef === 0 && row.length === 9) return this.withDataOnDemand(row as unknown as PageRow, schemaVersion, metadata);
    return {
      id: idOfRow(id),
      streamId: this.streamIdOf(stream),
      revision,
      position: BigInt(position),
      type: this.typeNameOf(type),
      data: dataRef !== 0 ? this.sharedText(dataRef) : row[9],
      metadata,
      schemaVersion,
    };
  }

  private streamIdOf(key: number): string {
    return this.streamIds.get(key) ?? this.lookUp(key, this.statements.streamId, this.streamIds, this.streamKeys);
  }

  private typeNameOf(key: number): string {
    return this.typeNames.get(key) ?? this.lookUp(key, this.statements.typeName, this.typeNames, this.typeKeys);
  }

  /**
   * The frozen value of an interned text: a whole data, or a metadata tail (`,v1,v2]`, its values
   * as an array). A key read from a committed row names one text for good, so it is kept; there
   * are at most MAX_TEXTS.
   */
  private sharedText(key: number): unknown {
    let value = this.sharedTexts.get(key);
    if (value === undefined) {
      const text = this.statements.text.get(key) as string | undefined;
      if (text === undefined) throw new Error(`SQLite store ${this.filename}: no text of key ${key}`);
      value = deepFreeze(JSON.parse(text.charCodeAt(0) === 44 /* , */ ? `[${text.slice(1)}` : text));
      this.sharedTexts.set(key, value);
    }
    return value;
  }

  /**
   * An event whose data the reader said it would not read (`AllFilter.dataOf`): `data` is read
   * from the file, and parsed, the first time it is asked for (the store must still be open).
   */
  private withDataOnDemand(row: PageRow, schemaVersion: number, metadata = decodeMetadata(row[6], schemaVersion)): RecordedEvent {
    const position = row[0];
    const readData = () => this.dataAt(position);
    let data: unknown;
    let read = false;
    return {
      id: idOfRow(row[5]),
      streamId: this.streamIdOf(row[2]),
      revision: row[1],
      position: BigInt(position),
      type: this.typeNameOf(row[3]),
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
      metadata,
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
      this.heads.clear();
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
}

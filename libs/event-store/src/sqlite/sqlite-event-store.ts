import type { RecordedEvent } from '../event-store.port';
import { LocalEventStore, type LocalStoreOptions } from '../core/local-event-store';
import type { AllQuery } from '../core/local-storage';
import { checkInWorker } from './sqlite-integrity';
import { DEFAULT_PAGE_BYTES } from './sqlite-pages';
import { SqliteReader } from './sqlite-reader';
import { SqliteStorage } from './sqlite-storage';

export interface SqliteEventStoreOptions extends LocalStoreOptions {
  /** A file path, or ':memory:' for tests. */
  filename: string;
  /** Most bytes of stored text one read query builds (tests make it small). */
  readPageBytes?: number;
  /**
   * Build the pages of long reads of all events (`readAll` of READ_THREAD_MIN_EVENTS or more: a
   * rebuild's) in a reader thread (SqliteReader), beside the event loop. The server and the
   * command line do (createEventStore); off by default, so a store opened by a test or a tool
   * starts no thread.
   */
  readThread?: boolean;
}

/** Reads of fewer events stay on the store's own connection: a message to the thread and back costs more than they do. */
export const READ_THREAD_MIN_EVENTS = 500;

/** A database only one connection can see: SQLite's private in-memory and temporary ones. */
const isPrivateDatabase = (filename: string): boolean => filename === ':memory:' || filename === '';

/**
 * The embedded default: one SQLite file, WAL, fsync on every commit, group commit on the
 * calling thread's connection, which also reads. One process writes a file; live notifications
 * are in-process only.
 */
export class SqliteEventStore extends LocalEventStore {
  constructor({ filename, readPageBytes, readThread, ...options }: SqliteEventStoreOptions) {
    const storage = new SqliteStorage(filename, readPageBytes);
    super('sqlite', storage, options);
    this.sqlite = storage;
    this.filename = filename;
    // A private database is visible to this connection only: no other thread can read it.
    if (readThread && !isPrivateDatabase(filename)) this.reader = new SqliteReader(filename, readPageBytes ?? DEFAULT_PAGE_BYTES);
  }

  private readonly sqlite: SqliteStorage;
  private readonly filename: string;
  private readonly reader: SqliteReader | undefined;
  /** The check in progress: callers that ask meanwhile share it. */
  private checking: ReturnType<typeof checkInWorker> | undefined;

  /**
   * `PRAGMA quick_check` of the file in a worker thread (sqlite-integrity.ts), so the event loop
   * serves requests while it reads the whole file; a private database, which no other
   * connection can open, is checked in this thread (it lives in memory and is small).
   */
  override async integrityProblems(): Promise<string[]> {
    if (isPrivateDatabase(this.filename)) return super.integrityProblems();
    this.checking ??= checkInWorker(this.filename);
    const check = this.checking;
    try {
      return (await check.report).problems;
    } finally {
      if (this.checking === check) this.checking = undefined;
    }
  }

  protected override readAllElsewhere(query: AllQuery): Promise<RecordedEvent[]> | undefined {
    if (!this.reader || query.maxCount < READ_THREAD_MIN_EVENTS) return undefined;
    return this.reader.texts(query).then((texts) => this.sqlite.eventsOf(texts));
  }

  override async close(): Promise<void> {
    await this.checking?.stop();
    await this.reader?.close();
    await super.close();
  }
}

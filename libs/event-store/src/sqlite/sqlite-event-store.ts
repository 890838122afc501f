import { DEFAULT_MAX_BATCH_SIZE, LocalEventStore, type LocalStoreOptions } from '../core/local-event-store';
import { checkInWorker } from './sqlite-integrity';
import { SqliteStorage } from './sqlite-storage';
import { SqliteWriterThread } from './sqlite-writer';

export interface SqliteEventStoreOptions extends LocalStoreOptions {
  /** A file path, or ':memory:' for tests. */
  filename: string;
  /**
   * Where the write transactions run. 'main' (the default; the only choice for ':memory:', which a
   * second connection cannot share): in the calling thread, on the connection that also reads.
   * 'thread': a worker thread with a connection of its own, so inserts and the commit's fsync never
   * block the event loop; it pays a copy of every append between threads and needs a core of its
   * own to gain (on a 2-core machine shared with the load it measured slower). Both commit the same
   * way (group commit, one fsync per group, an append answered once its group is durable).
   */
  writer?: 'thread' | 'main';
  /** Most bytes of stored text one read query builds (tests make it small). */
  readPageBytes?: number;
}

/** A database only one connection can see: SQLite's private in-memory and temporary ones. */
const isPrivateDatabase = (filename: string): boolean => filename === ':memory:' || filename === '';

/**
 * The embedded default: one SQLite file, WAL, fsync on every commit, group commit.
 * One process writes a file; live notifications are in-process only.
 */
export class SqliteEventStore extends LocalEventStore {
  constructor({ filename, writer, readPageBytes, ...options }: SqliteEventStoreOptions) {
    const where = writer ?? 'main';
    if (where === 'thread' && isPrivateDatabase(filename)) {
      throw new Error(`SQLite store ${filename || '(temporary)'}: a writer thread cannot share a private database; use writer 'main'`);
    }
    const storage = new SqliteStorage(filename, readPageBytes);
    super('sqlite', storage, options, where === 'thread' ? { committer: new SqliteWriterThread(filename, storage, options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE) } : {});
    this.filename = filename;
  }

  private readonly filename: string;
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

  override async close(): Promise<void> {
    await this.checking?.stop();
    await super.close();
  }
}

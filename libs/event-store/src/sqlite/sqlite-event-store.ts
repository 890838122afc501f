import { LocalEventStore, type LocalStoreOptions } from '../core/local-event-store';
import { checkInWorker } from './sqlite-integrity';
import { SqliteStorage } from './sqlite-storage';

export interface SqliteEventStoreOptions extends LocalStoreOptions {
  /** A file path, or ':memory:' for tests. */
  filename: string;
  /** Most bytes of stored text one read query builds (tests make it small). */
  readPageBytes?: number;
}

/** A database only one connection can see: SQLite's private in-memory and temporary ones. */
const isPrivateDatabase = (filename: string): boolean => filename === ':memory:' || filename === '';

/**
 * The embedded default: one SQLite file, WAL, fsync on every commit, group commit on the
 * calling thread's connection, which also reads. One process writes a file; live notifications
 * are in-process only.
 */
export class SqliteEventStore extends LocalEventStore {
  constructor({ filename, readPageBytes, ...options }: SqliteEventStoreOptions) {
    super('sqlite', new SqliteStorage(filename, readPageBytes), options);
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

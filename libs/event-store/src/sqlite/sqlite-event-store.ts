import { LocalEventStore, type LocalStoreOptions } from '../core/local-event-store';
import { SqliteStorage } from './sqlite-storage';

export interface SqliteEventStoreOptions extends LocalStoreOptions {
  /** A file path, or ':memory:' for tests. */
  filename: string;
}

/**
 * The embedded default: one SQLite file, WAL, fsync on every commit, group commit.
 * One process writes a file; live notifications are in-process only.
 */
export class SqliteEventStore extends LocalEventStore {
  constructor({ filename, ...options }: SqliteEventStoreOptions) {
    super('sqlite', new SqliteStorage(filename), options);
  }
}

import { LocalEventStore, type LocalStoreOptions } from '../core/local-event-store';
import { InMemoryStorage } from './in-memory-storage';

export interface InMemoryEventStoreOptions extends LocalStoreOptions {
  /**
   * This store object serves one writer (one server), so nothing else can append to it:
   * `writesElsewhere` is then defined (always 0) and a cached stream needs no catch-up read.
   * Off by default: tests share one object between several servers.
   */
  singleWriter?: boolean;
}

/**
 * For fast unit tests: the same behaviour as the SQLite store (same core), nothing on disk. With
 * no fsync to share, a group commits at the end of the current microtask run (`this-turn`).
 */
export class InMemoryEventStore extends LocalEventStore {
  constructor({ singleWriter = false, ...options }: InMemoryEventStoreOptions = {}) {
    super('memory', new InMemoryStorage(), { commitTiming: 'this-turn', ...options });
    if (singleWriter) Object.defineProperty(this, 'writesElsewhere', { value: () => 0 });
  }
}

import { LocalEventStore, type LocalStoreOptions } from '../core/local-event-store';
import { InMemoryStorage } from './in-memory-storage';

/** For fast unit tests: the same behaviour as the SQLite store (same core), nothing on disk. */
export class InMemoryEventStore extends LocalEventStore {
  constructor(options: LocalStoreOptions = {}) {
    super('memory', new InMemoryStorage(), options);
  }
}

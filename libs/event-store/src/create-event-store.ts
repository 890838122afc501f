import type { EventStore } from './event-store.port';
import { InMemoryEventStore } from './memory/in-memory-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';
import type { UpcasterRegistry } from './upcasting/upcaster-registry';

export type EventStoreConfig =
  | { kind: 'sqlite'; filename: string }
  | { kind: 'eventstoredb'; connectionString: string }
  | { kind: 'postgres'; url: string; urlName?: string }
  | { kind: 'memory' };

export interface EventStoreDependencies {
  upcasters?: UpcasterRegistry;
}

/** Picks the adapter named by configuration; every adapter passes the same contract suite. */
export function createEventStore(config: EventStoreConfig, dependencies: EventStoreDependencies = {}): EventStore {
  switch (config.kind) {
    case 'sqlite':
      // Long reads (rebuilds) build their pages in a reader thread, beside the event loop.
      return new SqliteEventStore({ filename: config.filename, readThread: true, ...dependencies });
    case 'memory':
      // Configured for one server process: only it can write to its memory.
      return new InMemoryEventStore({ ...dependencies, singleWriter: true });
    case 'eventstoredb': {
      // Loaded on demand: the gRPC client costs start-up time that SQLite users never need.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when configured
      const { EventStoreDbEventStore } = require('./eventstoredb/eventstoredb-event-store') as typeof import('./eventstoredb/eventstoredb-event-store');
      return new EventStoreDbEventStore({ connectionString: config.connectionString, ...dependencies });
    }
    case 'postgres': {
      // Loaded on demand, like EventStoreDB's client: SQLite users never load the driver.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when configured
      const { PostgresEventStore } = require('./postgres/postgres-event-store') as typeof import('./postgres/postgres-event-store');
      return new PostgresEventStore({ url: config.url, urlName: config.urlName, ...dependencies });
    }
    default: {
      const unknown: never = config;
      throw new Error(`Unknown event store kind ${JSON.stringify(unknown)}`);
    }
  }
}

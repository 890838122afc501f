import { describeEventStoreContract } from '../testing/event-store.contract';
import { InMemoryEventStore } from './in-memory-event-store';

// Tiny pages and live buffers, so the contract crosses history pages while writers append and
// overflows live buffers (falling back to history); the SQLite run keeps the defaults.
describeEventStoreContract('in-memory (tiny pages and live buffers)', ({ upcasters }) => new InMemoryEventStore({ upcasters, pageSize: 7, liveCapacity: 5 }), {
  pushes: true,
});

import { createEventStore } from '../create-event-store';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

// The client connects lazily, so building one from a connection string needs no server.
describe('building the EventStoreDB adapter from configuration', () => {
  it.each(['esdb://localhost:2113?tls=false', 'esdb://node1:2113,node2:2113,node3:2113?tls=false', 'kurrentdb://localhost:2113?tls=false'])(
    'accepts %s',
    async (connectionString) => {
      const store = createEventStore({ kind: 'eventstoredb', connectionString });
      expect(store).toBeInstanceOf(EventStoreDbEventStore);
      await store.close();
    },
  );

  it('rejects a malformed append before contacting the server', async () => {
    const store = new EventStoreDbEventStore({ connectionString: 'esdb://localhost:1?tls=false' });
    await expect(store.append('game-1', [], 'any')).rejects.toThrow(/no events/);
    await store.close();
  });
});

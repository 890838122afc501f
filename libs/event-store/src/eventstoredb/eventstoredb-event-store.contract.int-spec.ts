import { describeEventStoreContract } from '../testing/event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  describeEventStoreContract('EventStoreDB', ({ upcasters }) => new EventStoreDbEventStore({ connectionString, upcasters }));
} else {
  // Said out loud, so a green run without a server is not mistaken for a pass on EventStoreDB.
  console.info('EventStoreDB contract skipped: EVENTSTORE_CONNECTION_STRING not set');
  describe('EventStoreDB event store contract', () => {
    it.skip('EventStoreDB contract skipped: EVENTSTORE_CONNECTION_STRING not set', () => undefined);
  });
}

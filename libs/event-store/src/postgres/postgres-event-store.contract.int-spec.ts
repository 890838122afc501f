import { describeEventStoreContract } from '../testing/event-store.contract';
import { PostgresEventStore } from './postgres-event-store';
import { type TestDatabase, createTestDatabase } from './testing/test-database';

// On the machine's real PostgreSQL, in a database of this file's own (it fails, never skips,
// when PostgreSQL is missing). Small history pages and byte budgets make subscriptions read
// several pages while writers append, and split the large events' pages by bytes.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('contract');
});
afterAll(() => database.drop());

describeEventStoreContract('PostgreSQL', ({ upcasters }) => new PostgresEventStore({ url: database.url, upcasters, pageSize: 7, pageBytes: 64_000 }));

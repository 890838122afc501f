// One spec file's PostgreSQL stores: a database of its own for the file, stores opened on it by
// `open`, each closed after its test, and the database dropped after the file.
import { PostgresEventStore } from '../postgres-event-store';
import { type TestDatabase, createTestDatabase } from './test-database';

export type PostgresStoreOptions = Partial<ConstructorParameters<typeof PostgresEventStore>[0]>;

export function postgresStoresPerTest(label: string): { open(options?: PostgresStoreOptions): PostgresEventStore; readonly url: string } {
  let database: TestDatabase | undefined;
  const stores: PostgresEventStore[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(label);
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });
  afterAll(() => database?.drop());
  const url = (): string => {
    if (!database) throw new Error('the test database is created in beforeAll');
    return database.url;
  };
  return {
    open(options = {}) {
      const store = new PostgresEventStore({ url: url(), ...options });
      stores.push(store);
      return store;
    },
    get url() {
      return url();
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEventStoreContract } from '../testing/event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';

// On a real file (WAL, fsync) rather than ':memory:', so the contract covers what users run.
// Small history pages make subscriptions read several pages while writers append, so live
// events buffered during the history read overlap it (the in-memory run covers overflow).
// Small byte budgets (50 kB a query, 64 kB a subscription's read) split pages of the large
// events' case by bytes too, at every boundary the readers resume from.
const dir = mkdtempSync(join(tmpdir(), 'logbook-contract-'));
let files = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEventStoreContract(
  'SQLite',
  ({ upcasters }) => {
    files += 1;
    return new SqliteEventStore({ filename: join(dir, `events-${files}.db`), upcasters, pageSize: 7, pageBytes: 64_000, readPageBytes: 50_000 });
  },
  { pushes: true },
);

// As the server and the command line open it (createEventStore): every read of all events of 500
// or more (`readAll()` with no count, a rebuild's pages) is built by the store's reader thread.
describeEventStoreContract(
  'SQLite with its reader thread',
  ({ upcasters }) => {
    files += 1;
    return new SqliteEventStore({
      filename: join(dir, `events-${files}.db`),
      upcasters,
      pageSize: 7,
      pageBytes: 64_000,
      readPageBytes: 50_000,
      readThread: true,
    });
  },
  { pushes: true },
);

// The PostgreSQL key tables when PostgreSQL is away. A game's first load reads them (its first
// event's names are opened with them), so a failure here is a failure of the order that loaded
// it: every call rejects with the store's EventStoreUnavailableError (answered 503, "send it
// again"), never with the driver's own error (a 500). And servers whose first use comes at once
// all create the tables.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { EventStoreUnavailableError } from '@logbook/event-store';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { PostgresPersonalDataKeys } from './postgres-personal-data-keys';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the PostgreSQL key tables', () => {
  let database: TestDatabase;
  const opened: PostgresPersonalDataKeys[] = [];
  const open = (url: string = database.url): PostgresPersonalDataKeys => {
    const keys = new PostgresPersonalDataKeys(url);
    opened.push(keys);
    return keys;
  };
  const session = async (): Promise<Client> => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase('pd_keys');
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((keys) => keys.close()));
  });
  afterAll(() => database?.drop());

  it('rejects every call with EventStoreUnavailableError when PostgreSQL cannot be reached', async () => {
    // Nothing listens on port 1: refused, as between a restart's stop and its start.
    const url = new URL(database.url);
    url.port = '1';
    const keys = open(url.toString());
    const calls = [
      () => keys.find('seat:g:1'),
      () => keys.create('seat:g:1', randomBytes(32)),
      () => keys.noteUse('seat:g:1', 'g'),
      () => keys.gamesOf('seat:g:1'),
      () => keys.forget('seat:g:1'),
    ];
    for (const call of calls) await expect(call()).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });

  it('rejects a read whose session PostgreSQL ends (57P01, as a shutdown ends every session) with EventStoreUnavailableError; the next read answers', async () => {
    const keys = open();
    const key = randomBytes(32);
    await keys.create('seat:g:1', key);
    // One session holds the table; another watches (a transaction sees one snapshot of pg_stat_activity).
    const [locker, watcher] = await Promise.all([session(), session()]);
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE logbook_personal_data_keys IN ACCESS EXCLUSIVE MODE');
      const read = keys.find('seat:g:1');
      read.catch(() => undefined);
      let waiting: number[] = [];
      for (let i = 0; i < 500 && waiting.length === 0; i++) {
        const { rows } = await watcher.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'logbook keys' AND wait_event_type = 'Lock'`,
        );
        waiting = rows.map((row) => row.pid);
        if (waiting.length === 0) await pause(10);
      }
      expect(waiting).toHaveLength(1);
      await watcher.query('SELECT pg_terminate_backend($1)', [waiting[0]]);
      const error: unknown = await read.then(
        () => 'answered',
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(EventStoreUnavailableError);
      expect((error as EventStoreUnavailableError).cause).toMatchObject({ code: '57P01' });
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await Promise.all([locker.end(), watcher.end()]);
    }
    expect(await keys.find('seat:g:1')).toEqual(key);
  });

  it('creates its tables once when several servers first use them at the same moment', async () => {
    // Two `CREATE TABLE IF NOT EXISTS` at once can both miss the table: the second then fails on
    // pg_type's unique index (23505), which the first order to read a key would answer with.
    const admin = await session();
    try {
      for (let round = 0; round < 5; round++) {
        const schema = `keys_race_${round}_${randomBytes(3).toString('hex')}`;
        await admin.query(`CREATE SCHEMA ${schema}`);
        const url = new URL(database.url);
        url.searchParams.set('schema', schema);
        const servers = Array.from({ length: 8 }, () => open(url.toString()));
        const outcomes = await Promise.allSettled(servers.map((keys, i) => keys.noteUse(`seat:g:${i}`, 'g')));
        expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
        expect(await servers[0].gamesOf('seat:g:7')).toEqual(['g']);
      }
    } finally {
      await admin.end();
    }
  });
});

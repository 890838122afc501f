import { Client } from 'pg';
import { WrongExpectedRevisionError } from '../errors';
import type { RecordedEvent } from '../event-store.port';
import { events } from '../testing/contract/contract-fixture';
import { PostgresEventStore } from './postgres-event-store';
import { postgresStoresPerTest } from './testing/test-stores';

const stores = postgresStoresPerTest('store');
const open = stores.open;

async function sql<T extends object>(text: string, values: unknown[] = [], url = stores.url): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const byPosition = (a: RecordedEvent, b: RecordedEvent) => (a.position < b.position ? -1 : 1);

describe('PostgreSQL global positions', () => {
  it('a follower paging $all and a subscription see every event of many concurrent writers once, positions only rising', async () => {
    const prefix = `gap-${Date.now()}-`;
    const writers = Array.from({ length: 6 }, () => open({ poolSize: 4 }));
    const follower = open();
    await Promise.all([...writers, follower].map((store) => store.ready()));
    const filter = { streamPrefixes: [prefix] };

    const acknowledged: string[] = [];
    let writing = true;
    const write = Promise.all(
      writers.flatMap((store, w) =>
        Array.from({ length: 8 }, async (_, g) => {
          const stream = `${prefix}${w}-${g}`;
          let expected: number | 'no_stream' = 'no_stream';
          for (let order = 0; order < 25; order++) {
            const batch = events(2);
            expected = (await store.append(stream, batch, expected)).nextExpectedRevision;
            acknowledged.push(...batch.map((event) => event.id));
          }
        }),
      ),
    ).finally(() => (writing = false));

    const paged: RecordedEvent[] = [];
    const page = async () => {
      const next = await follower.readAll({ fromPosition: paged.at(-1)?.position, maxCount: 37, filter });
      paged.push(...next);
      return next.length;
    };
    const subscribed: RecordedEvent[] = [];
    const subscription = follower.subscribeToAll({ filter }).subscribe((event) => subscribed.push(event));
    try {
      while (writing) await page();
      await write;
      while ((await page()) > 0);
      const total = 6 * 8 * 25 * 2;
      for (let i = 0; i < 500 && subscribed.length < total; i++) await new Promise((resolve) => setTimeout(resolve, 20));

      expect(acknowledged).toHaveLength(total);
      for (const seen of [paged, subscribed]) {
        expect(seen.map((event) => event.id).sort()).toEqual([...acknowledged].sort());
        expect(seen).toEqual([...seen].sort(byPosition));
        expect(new Set(seen.map((event) => event.position)).size).toBe(total);
      }
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('PostgreSQL group commit', () => {
  const games = (count: number, tag: string) => Array.from({ length: count }, (_, i) => `group-${tag}-${Date.now()}-${i}`);

  it('commits appends to different games made in the same tick in one transaction', async () => {
    const store = open();
    await store.ready();
    await Promise.all(games(50, 'tick').map((game) => store.append(game, events(2), 'no_stream')));
    expect(store.commitStats).toEqual({ transactions: 1, appends: 50 });
  });

  it('a stale append and an idempotent retry in a group each get their own outcome while the rest commit', async () => {
    const store = open();
    const streams = games(10, 'mixed');
    const retried = events(2);
    const first = await store.append(streams[2], retried, 'no_stream');
    await store.append(streams[4], events(1), 'no_stream');
    const before = store.commitStats.transactions;
    const outcomes = await Promise.allSettled(
      streams.map((stream, i) => (i === 2 ? store.append(stream, retried, 'no_stream') : store.append(stream, events(2), i === 4 ? 5 : 'no_stream'))),
    );
    // The fresh appends in one statement; the retry and the conflict checked in full in one more transaction.
    expect(store.commitStats.transactions - before).toBe(2);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(streams.map((_, i) => (i === 4 ? 'rejected' : 'fulfilled')));
    expect((outcomes[4] as PromiseRejectedResult).reason).toMatchObject({ name: 'WrongExpectedRevisionError', expected: 5, actual: 0 });
    expect((outcomes[2] as PromiseFulfilledResult<unknown>).value).toEqual(first);
    const stored = await sql<{ stream_id: string; n: string }>(
      'SELECT stream_id, count(*) AS n FROM logbook_events WHERE stream_id = ANY($1) GROUP BY stream_id',
      [streams],
    );
    expect(Object.fromEntries(stored.map((row) => [row.stream_id, Number(row.n)]))).toEqual(Object.fromEntries(streams.map((s, i) => [s, i === 4 ? 1 : 2])));
  });

  it('two servers racing on one game: exactly one append wins, the other is a conflict', async () => {
    const [a, b] = [open(), open()];
    const [stream] = games(1, 'race');
    await a.append(stream, events(1), 'no_stream');
    const outcomes = await Promise.allSettled([a.append(stream, events(1), 0), b.append(stream, events(1), 0)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.map((outcome) => outcome.status === 'rejected' && outcome.reason instanceof WrongExpectedRevisionError)).toContain(true);
  });

  it('acknowledges an append once another connection can read it', async () => {
    const store = open();
    const streams = games(20, 'ack');
    const seen = await Promise.all(
      streams.map((stream) =>
        store.append(stream, events(2), 'no_stream').then(() => sql<{ n: string }>('SELECT count(*) AS n FROM logbook_events WHERE stream_id = $1', [stream])),
      ),
    );
    expect(seen.map((rows) => Number(rows[0].n))).toEqual(Array(20).fill(2));
  });

  it('keeps data as written, even a \\u0000 that jsonb would refuse, and key order', async () => {
    const store = open();
    const [stream] = games(1, 'json');
    const data = { z: 1, a: 'nul \u0000 here', m: [1.5, { y: null }] };
    await store.append(stream, [{ id: 'e-1', type: 'T', data, metadata: { seat: 1, commandId: 'c' } }], 'no_stream');
    const read = await store.readStream(stream);
    expect(read.status === 'ok' && JSON.stringify(read.events[0].data)).toBe(JSON.stringify(data));
  });
});

describe('closing a PostgreSQL store', () => {
  it('commits the appends it accepted, then ends its pool and its listening session', async () => {
    const store = new PostgresEventStore({ url: stores.url });
    await store.ready();
    const stream = `close-${Date.now()}`;
    const subscription = store.subscribeToAll({ filter: { streamPrefixes: [stream] } }).subscribe({ error: () => undefined });
    const pending = store.append(stream, events(2), 'no_stream');
    await store.close();
    subscription.unsubscribe();
    await expect(pending).resolves.toMatchObject({ nextExpectedRevision: 1 });
    await expect(store.ping()).rejects.toThrow(/closed/);
    const sessions = await sql<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'logbook' AND pid <> pg_backend_pid()",
    );
    expect(Number(sessions[0].n)).toBe(0);
  });
});

describe('PostgreSQL schema', () => {
  it('is created at start-up with a version table and tables an operator can read', async () => {
    const store = open();
    await store.append(`schema-${Date.now()}`, events(1), 'no_stream');
    const [version] = await sql<{ version: number }>('SELECT version FROM logbook_schema_version');
    expect(version.version).toBe(1);
    const columns = await sql<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'logbook_events' AND table_schema = 'public' ORDER BY ordinal_position",
    );
    expect(columns.map((c) => c.column_name)).toEqual(['position', 'stream_id', 'revision', 'event_id', 'type', 'data', 'metadata', 'schema_version']);
  });

  it('keeps a store given ?schema= apart from the others in the same database', async () => {
    const url = `${stores.url}?schema=tenant_b`;
    const other = open({ url });
    const main = open();
    const stream = `apart-${Date.now()}`;
    await other.append(stream, events(2), 'no_stream');
    expect(await main.readStream(stream)).toEqual({ status: 'stream_not_found' });
    expect(await sql('SELECT 1 FROM tenant_b.logbook_events WHERE stream_id = $1', [stream])).toHaveLength(2);
  });

  it('a store whose schema is newer than this code refuses to open, saying so', async () => {
    const url = `${stores.url}?schema=from_the_future`;
    await open({ url }).ready();
    await sql('UPDATE from_the_future.logbook_schema_version SET version = 99');
    const newer = open({ url, urlName: 'LOGBOOK_POSTGRES_URL' });
    await expect(newer.ready()).rejects.toThrow(/LOGBOOK_POSTGRES_URL .* could not be opened: .*schema version 99; this Logbook knows up to 1/);
    await expect(newer.append('x', events(1), 'any')).rejects.toThrow(/schema version 99/);
  });

  it('does not open with a wrong password or an unreachable server, naming the URL setting and never the password', async () => {
    const wrong = new URL(stores.url);
    wrong.password = 'not-the-password';
    const refused = open({ url: wrong.toString(), urlName: 'LOGBOOK_POSTGRES_URL' });
    await expect(refused.ready()).rejects.toThrow(/^PostgreSQL at LOGBOOK_POSTGRES_URL \(postgres:\/\/logbook:\*\*\*@.*\) refused the login/);
    await expect(refused.ready()).rejects.not.toThrow(/not-the-password/);
    const away = open({ url: 'postgres://logbook:logbook@127.0.0.1:1/none', urlName: 'LOGBOOK_POSTGRES_URL' });
    await expect(away.ping()).rejects.toThrow(/^PostgreSQL at LOGBOOK_POSTGRES_URL .* could not be reached/);
  });
});

// Faults on the real PostgreSQL: a restart of the whole cluster in the middle of a load, and the
// LISTEN connection killed. The restart is the machine's shared cluster, so it lives in this one
// file (Jest runs spec files one at a time here).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../errors';
import type { NewEvent, RecordedEvent } from '../event-store.port';
import { events, sleep } from '../testing/contract/contract-fixture';
import { PostgresEventStore } from './postgres-event-store';
import { postgresStoresPerTest } from './testing/test-stores';

jest.setTimeout(120_000);

const stores = postgresStoresPerTest('faults');
const open = stores.open;

async function waitFor(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Appends until acknowledged: an unknown outcome is resent with the SAME events and expected revision. */
async function appendSurely(store: PostgresEventStore, stream: string, batch: NewEvent[], expected: number | 'no_stream', unknown: { count: number }) {
  for (;;) {
    try {
      return await store.append(stream, batch, expected);
    } catch (error) {
      if (!(error instanceof EventStoreUnavailableError)) throw error;
      unknown.count += 1;
      await sleep(50);
    }
  }
}

describe('PostgreSQL restarted in the middle of a load', () => {
  it('loses and doubles no acknowledged append, answers unknown outcomes as unavailable, reconnects, and subscriptions resume with no gap', async () => {
    const prefix = `restart-${Date.now()}-`;
    const filter = { streamPrefixes: [prefix] };
    const writer = open();
    const follower = open({ pollMs: 200 });
    await Promise.all([writer.ready(), follower.ready()]);
    const own: RecordedEvent[] = [];
    const other: RecordedEvent[] = [];
    const subscriptions = [
      writer.subscribeToAll({ filter }).subscribe((e) => own.push(e)),
      follower.subscribeToAll({ filter }).subscribe((e) => other.push(e)),
    ];

    const unknown = { count: 0 };
    const acknowledged = new Map<string, string[]>();
    let restarted = false;
    const games = Array.from({ length: 20 }, (_, g) => `${prefix}${g}`);
    const load = Promise.all(
      games.map(async (stream) => {
        const ids: string[] = [];
        acknowledged.set(stream, ids);
        let expected: number | 'no_stream' = 'no_stream';
        // Orders until the restart is over, and 10 more after it.
        for (let after = 0; after < 10; after += restarted ? 1 : 0) {
          const batch = events(2);
          expected = (await appendSurely(writer, stream, batch, expected, unknown)).nextExpectedRevision;
          ids.push(...batch.map((event) => event.id));
        }
      }),
    );
    try {
      await waitFor(() => [...acknowledged.values()].every((ids) => ids.length >= 10), 'the load to be under way');
      // Asynchronously: the load keeps sending while PostgreSQL goes down and comes back.
      await promisify(execFile)('pg_ctlcluster', ['15', 'main', 'restart']);
      restarted = true;
      await load;

      expect(unknown.count).toBeGreaterThan(0);
      const all = [...acknowledged.values()].reduce((n, ids) => n + ids.length, 0);
      for (const stream of games) {
        const read = await writer.readStream(stream);
        const stored = read.status === 'ok' ? read.events : [];
        expect(stored.map((event) => event.id)).toEqual(acknowledged.get(stream));
        expect(stored.map((event) => event.revision)).toEqual([...stored.keys()]);
      }
      await waitFor(() => own.length >= all && other.length >= all, 'the subscriptions to catch up');
      await sleep(300);
      for (const seen of [own, other]) {
        expect(seen).toHaveLength(all);
        expect(new Set(seen.map((event) => event.id)).size).toBe(all);
        expect(seen.map((event) => event.position)).toEqual(seen.map((event) => event.position).sort((a, b) => (a < b ? -1 : 1)));
      }
    } finally {
      restarted = true;
      await load.catch(() => undefined);
      subscriptions.forEach((subscription) => subscription.unsubscribe());
    }
  });
});

describe('the LISTEN connection killed', () => {
  it('live delivery resumes: the listener reconnects by itself and reads what it missed', async () => {
    const stream = `listen-${Date.now()}`;
    // No poll to speak of: only a notification, or the listener's reconnect, can wake this store.
    const reader = open({ pollMs: 3_600_000 });
    const writer = open();
    await Promise.all([reader.ready(), writer.ready()]);
    const received: RecordedEvent[] = [];
    const subscription = reader.subscribeToAll({ filter: { streamPrefixes: [stream] } }).subscribe((e) => received.push(e));
    try {
      await writer.append(stream, events(1), 'no_stream');
      await waitFor(() => received.length === 1, 'the notified event');

      const pid = reader.listenerPid;
      expect(pid).toBeDefined();
      const admin = new Client({ connectionString: stores.url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ killed: boolean }>('SELECT pg_terminate_backend($1) AS killed', [pid]);
        expect(rows[0].killed).toBe(true);
      } finally {
        await admin.end();
      }
      await writer.append(stream, events(2), 0);
      await waitFor(() => received.length === 3, 'the events written while the listener was away');
      await waitFor(() => reader.listenerPid !== undefined && reader.listenerPid !== pid, 'a new listening session');
      await writer.append(stream, events(1), 2);
      await waitFor(() => received.length === 4, 'an event notified to the new session');
      expect(received.map((event) => event.revision)).toEqual([0, 1, 2, 3]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('an event committed without a notification still arrives, by the poll', async () => {
    const stream = `poll-${Date.now()}`;
    const reader = open({ pollMs: 100 });
    await reader.append(stream, events(1), 'no_stream');
    const received: RecordedEvent[] = [];
    const subscription = reader.subscribeToAll({ filter: { streamPrefixes: [stream] } }).subscribe((e) => received.push(e));
    try {
      await waitFor(() => received.length === 1, 'the history');
      // As an operator's SQL would write it: no NOTIFY, and not through this store.
      const admin = new Client({ connectionString: stores.url });
      await admin.connect();
      try {
        await admin.query(
          `INSERT INTO logbook_events (position, stream_id, revision, event_id, type, data, metadata)
           SELECT max(position) + 1, $1, 1, 'by-hand', 'Written', '{}', '{}' FROM logbook_events`,
          [stream],
        );
      } finally {
        await admin.end();
      }
      await waitFor(() => received.length === 2, 'the polled event');
      expect(received[1]).toMatchObject({ id: 'by-hand', revision: 1 });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('a conflict stays a conflict, never an unavailable store', async () => {
    const store = open();
    const stream = `conflict-${Date.now()}`;
    await store.append(stream, events(1), 'no_stream');
    await expect(store.append(stream, events(1), 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});

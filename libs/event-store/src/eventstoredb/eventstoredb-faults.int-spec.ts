// The EventStoreDB adapter through the real client against the test server, when things go
// wrong: closing after every kind of read, dropped subscriptions, a stopped server, deleted
// streams, refused $all reads, a leader change under load.
import { randomUUID } from 'node:crypto';
import { EventStoreAccessDeniedError, EventStoreClosedError, EventStoreUnavailableError, StreamDeletedError, WrongExpectedRevisionError } from '../errors';
import type { NewEvent, RecordedEvent } from '../event-store.port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { type TestEventStoreDb, startTestEventStoreDb } from './testing';

// Servers, gRPC and child processes on a shared 2-core machine: time for slow moments.
jest.setTimeout(30_000);

const anEvent = (type = 'OrderGiven', data: unknown = {}): NewEvent => ({ id: randomUUID(), type, data });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

describe('EventStoreDB adapter on the test server, when things go wrong', () => {
  let server: TestEventStoreDb;
  let store: EventStoreDbEventStore;
  const stream = () => `fault-${randomUUID().slice(0, 8)}`;

  beforeEach(async () => {
    server = await startTestEventStoreDb();
    store = new EventStoreDbEventStore({ connectionString: server.connectionString });
  });
  afterEach(async () => {
    await store.close();
    server.close();
  });

  describe('close() returns after every kind of read', () => {
    it.each<[string, (s: EventStoreDbEventStore, id: string) => Promise<unknown>]>([
      ['a stream read forwards', (s, id) => s.readStream(id)],
      ['the last event of a stream', (s, id) => s.readStream(id, { direction: 'backwards', maxCount: 1 })],
      ['a missing stream', (s) => s.readStream('missing-stream')],
      ['readAll', (s) => s.readAll()],
      ['readAll with maxCount', (s) => s.readAll({ maxCount: 1 })],
      ['readAll with a filter', (s, id) => s.readAll({ filter: { streamPrefixes: [id] } })],
      ['lastPosition', (s) => s.lastPosition()],
      ['lastPosition with a filter', (s, id) => s.lastPosition({ streamPrefixes: [id] })],
      ['ping', (s) => s.ping()],
      [
        'a subscription left with break',
        async (s, id) => {
          for await (const event of s.subscribeToAllIterable({ filter: { streamPrefixes: [id] } })) if (event) break;
        },
      ],
    ])('%s', async (_name, read) => {
      const id = stream();
      await store.append(id, [anEvent(), anEvent()], 'no_stream');
      await read(store, id);
      await store.close();
    });

    it('a subscription still open at close ends, and a read in flight fails with EventStoreClosedError', async () => {
      const id = stream();
      await store.append(id, [anEvent()], 'no_stream');
      const received: RecordedEvent[] = [];
      const following = (async () => {
        for await (const event of store.subscribeToAllIterable({ filter: { streamPrefixes: [id] } })) received.push(event);
      })();
      await waitFor(() => received.length === 1);
      server.slow(200);
      const inFlight = store.readStream(id).catch((error: unknown) => error);
      await sleep(20);
      await store.close();
      await following;
      expect(await inFlight).toBeInstanceOf(EventStoreClosedError);
    });
  });

  describe('errors are the port’s', () => {
    it('a dropped subscription is EventStoreUnavailableError', async () => {
      const id = stream();
      await store.append(id, [anEvent()], 'no_stream');
      const iterator = store.subscribeToAllIterable({ filter: { streamPrefixes: [id] } })[Symbol.asyncIterator]();
      await iterator.next();
      const next = iterator.next();
      await sleep(20);
      server.dropSubscriptions();
      await expect(next).rejects.toBeInstanceOf(EventStoreUnavailableError);
    });

    it('an append whose connection dropped under it (the batch-append stream ended) is sent once more, and recorded once', async () => {
      const id = stream();
      const first = anEvent();
      await store.append(id, [first], 'no_stream'); // opens the client's batch-append stream
      server.dropSubscriptions();
      const second = [anEvent(), anEvent()];
      const result = await store.append(id, second, 0);
      expect(result.nextExpectedRevision).toBe(2);
      expect(await store.readStream(id)).toMatchObject({ events: [{ id: first.id }, { id: second[0].id }, { id: second[1].id }] });
      // Sent again with the same ids at the same revision, the append is the first one's answer, not a conflict.
      expect((await store.append(id, second, 0)).nextExpectedRevision).toBe(2);
    });

    it('a stopped server is EventStoreUnavailableError for appends, reads and health, and is used again once back', async () => {
      const id = stream();
      await store.append(id, [anEvent()], 'no_stream');
      server.stop();
      await expect(store.append(id, [anEvent()], 0)).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.readStream(id)).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.ping()).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await server.restart();
      await waitFor(() => true);
      let result;
      for (let i = 0; i < 50 && !result; i++) result = await store.append(id, [anEvent()], 0).catch(() => sleep(50).then(() => undefined));
      expect(result?.nextExpectedRevision).toBe(1);
    });

    it('refused $all reads name the fix (an admin user in the connection string)', async () => {
      server.denyAllReads(true);
      const error = await store.readAll().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventStoreAccessDeniedError);
      expect((error as Error).message).toMatch(/\$admins.*EVENTSTORE_CONNECTION_STRING/);
      await expect(store.ping()).rejects.toBeInstanceOf(EventStoreAccessDeniedError);
    });

    it('a deleted (tombstoned) stream is StreamDeletedError for reads and appends, and its tombstone never reaches a subscriber', async () => {
      const id = stream();
      await store.append(id, [anEvent()], 'no_stream');
      server.tombstone(id);
      await expect(store.readStream(id)).rejects.toEqual(new StreamDeletedError(id));
      await expect(store.append(id, [anEvent()], 'any')).rejects.toBeInstanceOf(StreamDeletedError);
      const all = await store.readAll({ filter: { streamPrefixes: [id] } });
      expect(all.map((event) => event.type)).toEqual(['OrderGiven']);
    });

    it('a stream tombstoned while subscribed to: the subscriber never sees the tombstone and keeps receiving', async () => {
      const [doomed, other] = [stream(), stream()];
      const prefix = doomed.slice(0, 6);
      await store.append(doomed, [anEvent()], 'no_stream');
      const received: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ filter: { streamPrefixes: [prefix] } }).subscribe((event) => received.push(event));
      await waitFor(() => received.some((event) => event.streamId === doomed));
      server.tombstone(doomed);
      await store.append(other, [anEvent('AfterTheTombstone')], 'no_stream');
      await waitFor(() => received.some((event) => event.type === 'AfterTheTombstone'));
      subscription.unsubscribe();
      expect(received.map((event) => event.type).filter((type) => type.startsWith('$'))).toEqual([]);
    });

    it('a slow server still answers', async () => {
      server.slow(30);
      const id = stream();
      await store.append(id, [anEvent()], 'no_stream');
      expect(await store.readStream(id)).toMatchObject({ status: 'ok', events: [expect.anything()] });
    });
  });

  describe('idempotent retries', () => {
    it('with an exact revision a retry is checked against the stream itself, even after a restart', async () => {
      const id = stream();
      const order = [anEvent(), anEvent()];
      const first = await store.append(id, order, 'no_stream');
      await server.restart();
      expect(await retrying(() => store.append(id, order, 'no_stream'))).toEqual(first);
      expect(await store.readStream(id)).toMatchObject({ events: [{ id: order[0].id }, { id: order[1].id }] });
    });

    it("with 'any' only a bounded cache of recent ids is checked: after a restart the retry is written again (the documented caveat)", async () => {
      const id = stream();
      const order = [anEvent()];
      await store.append(id, order, 'any');
      await server.restart();
      await retrying(() => store.append(id, order, 'any'));
      const result = await store.readStream(id);
      expect(result.status === 'ok' && result.events.map((event) => event.id)).toEqual([order[0].id, order[0].id]);
    });
  });
});

describe('EventStoreDB adapter on a 3-member test cluster', () => {
  let cluster: TestEventStoreDb;
  let store: EventStoreDbEventStore;

  beforeEach(async () => {
    cluster = await startTestEventStoreDb({ nodes: 3 });
    store = new EventStoreDbEventStore({ connectionString: cluster.connectionString });
  });
  afterEach(async () => {
    await store.close();
    cluster.close();
  });

  it('finds the leader through gossip; the followers answer "not leader"', async () => {
    const id = `cluster-${randomUUID().slice(0, 8)}`;
    await store.append(id, [anEvent()], 'no_stream');
    expect(await store.readStream(id)).toMatchObject({ status: 'ok', events: [expect.anything()] });
    const direct = new EventStoreDbEventStore({ connectionString: `esdb://127.0.0.1:${cluster.nodes[1].port}?tls=false` });
    // A single-node connection to a follower follows the "not leader" answer to the leader.
    expect(await direct.readStream(id)).toMatchObject({ status: 'ok' });
    await direct.close();
  });

  it('a leader change mid-load loses no acknowledged order and duplicates none', async () => {
    const games = Array.from({ length: 8 }, (_, i) => `game-leader-${randomUUID().slice(0, 6)}-${i}`);
    const acknowledged = new Map<string, NewEvent[][]>(games.map((game) => [game, []]));
    let stop = false;
    const writers = games.map(async (game) => {
      let revision: number | 'no_stream' = 'no_stream';
      while (!stop) {
        const order = [anEvent('OrderGiven'), anEvent('ShipMoved')];
        // An unknown outcome is retried with the same events at the same expected revision.
        const result = await retrying(() => store.append(game, order, revision));
        acknowledged.get(game)!.push(order);
        revision = result.nextExpectedRevision;
      }
    });
    await waitFor(() => [...acknowledged.values()].every((orders) => orders.length >= 3));
    cluster.changeLeader();
    await waitFor(() => [...acknowledged.values()].every((orders) => orders.length >= 8));
    cluster.changeLeader();
    await waitFor(() => [...acknowledged.values()].every((orders) => orders.length >= 12));
    stop = true;
    await Promise.all(writers);
    for (const game of games) {
      const stored = await store.readStream(game);
      const storedIds = stored.status === 'ok' ? stored.events.map((event) => event.id) : [];
      expect(storedIds).toEqual(
        acknowledged
          .get(game)!
          .flat()
          .map((event) => event.id),
      );
    }
  });
});

/** Sends again while the store is unavailable (same events: the retry is idempotent). */
async function retrying<T>(work: () => Promise<T>, attempts = 100): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof EventStoreUnavailableError) || i >= attempts) throw error;
      if (error instanceof WrongExpectedRevisionError) throw error;
      await sleep(20);
    }
  }
}

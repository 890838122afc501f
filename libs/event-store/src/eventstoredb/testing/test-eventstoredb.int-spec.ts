// The test server's own behaviour, seen through the real client: what the adapter relies on
// and what a real EventStoreDB documents (checkpoints, CaughtUp, system records, gossip).
import { randomUUID } from 'node:crypto';
import { EventStoreDBClient, jsonEvent, streamNameFilter } from '@eventstore/db-client';
import { type TestEventStoreDb, startTestEventStoreDb } from './test-eventstoredb';

jest.setTimeout(30_000);

describe('the test EventStoreDB', () => {
  let server: TestEventStoreDb;
  let client: EventStoreDBClient;

  beforeEach(async () => {
    server = await startTestEventStoreDb();
    client = EventStoreDBClient.connectionString(server.connectionString);
  });
  afterEach(async () => {
    await client.dispose();
    server.close();
  });

  it('a filtered subscription reports checkpoints while it searches and CaughtUp at the end of history', async () => {
    const others = `other-${randomUUID().slice(0, 8)}`;
    await client.appendToStream(
      others,
      Array.from({ length: 100 }, (_, i) => jsonEvent({ type: 'Noise', data: { i } })),
    );
    const checkpoints: bigint[] = [];
    const subscription = client.subscribeToAll({
      filter: streamNameFilter({ prefixes: ['nothing-matches-'], checkpointReached: (_s, position) => void checkpoints.push(position.commit) }),
    });
    const caughtUp = new Promise<void>((resolve) => subscription.once('caughtUp', () => resolve()));
    subscription.on('data', () => undefined);
    await caughtUp;
    await subscription.unsubscribe();
    // 101 records searched (100 events and the start's epoch) at a checkpoint every 32.
    expect(checkpoints.length).toBeGreaterThanOrEqual(3);
    expect([...checkpoints].sort((a, b) => (a < b ? -1 : 1))).toEqual(checkpoints);
  });

  it('keeps system records in $all: an epoch at every start, and statistics-like records on demand', async () => {
    const before = await readAllTypes(client);
    server.writeSystemEvent();
    await server.restart();
    // The first call after a restart may meet the old, broken connection; the client then reconnects.
    const after = await readAllTypes(client).catch(() => readAllTypes(client));
    expect(before).toEqual(['$epoch']);
    expect(after).toEqual(['$epoch', '$statsCollected', '$epoch']);
  });
});

describe('the test EventStoreDB as a 3-member cluster', () => {
  it('gossip names one leader and follows an election', async () => {
    const cluster = await startTestEventStoreDb({ nodes: 3 });
    try {
      const leaderBefore = cluster.leaderNode.port;
      cluster.changeLeader();
      expect(cluster.leaderNode.port).not.toBe(leaderBefore);
      const states = cluster.nodes.map((node) => node.memberInfo().getState());
      expect(states.filter((state) => state === 8 /* LEADER */)).toHaveLength(1);
      expect(states.filter((state) => state === 6 /* FOLLOWER */)).toHaveLength(2);
    } finally {
      cluster.close();
    }
  });
});

async function readAllTypes(client: EventStoreDBClient): Promise<string[]> {
  const types: string[] = [];
  for await (const resolved of client.readAll({ maxCount: 1000 })) if (resolved.event) types.push(resolved.event.type);
  return types;
}

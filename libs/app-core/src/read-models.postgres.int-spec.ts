// Several servers' read models on one real PostgreSQL: one runs each projection, the others stand
// by and read the shared tables, and take over from the shared checkpoint when the holder goes.
import { Client } from 'pg';
import type { EventStore } from '@logbook/event-store';
import { PostgresEventStore } from '@logbook/event-store/postgres/postgres-event-store';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { GAME_STREAM_PREFIX, effectiveState, gameEventUpcasters, gameStreamId, toNewEvents } from '@logbook/game-log';
import { PostgresCheckpointStore, PostgresGameStateStore, PostgresReadModelDatabase, foldAnalyticsLog } from '@logbook/projections';
import { initialState, type GameEvent } from '@logbook/rules';
import { playRandomGame } from '@logbook/rules/testing/random-play';
import { OnlineRebuildUnsupportedError, openReadModels, type ReadModels } from './read-models';

const FILTER = { streamPrefixes: [GAME_STREAM_PREFIX] };

/** Waits for `check` to hold, a bounded number of times (never a fixed delay). */
async function eventually(check: () => boolean | Promise<boolean>, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

interface Server {
  id: string;
  store: EventStore;
  models: ReadModels;
  close(): Promise<void>;
}

describe('read models shared by several servers on PostgreSQL', () => {
  let database: TestDatabase;
  let sql: Client;
  const games = new Map<string, GameEvent[]>();
  const servers: Server[] = [];

  const open = async (id: string, url = database.url): Promise<Server> => {
    const store = new PostgresEventStore({ url, upcasters: gameEventUpcasters(), pollMs: 100 });
    const models = openReadModels(store, { kind: 'postgres', url, serverId: id }, { leaseRetryMs: 100 });
    for (const runner of Object.values(models.runners)) await runner.start();
    let closed = false;
    const server = {
      id,
      store,
      models,
      async close() {
        if (closed) return;
        closed = true;
        await models.close();
        await store.close();
      },
    };
    servers.push(server);
    return server;
  };

  /** Appends each game's events from `from` (a fraction of its log) to `to`, the games interleaved. */
  async function append(store: EventStore, from: number, to: number): Promise<void> {
    for (let chunk = 0; chunk < 10; chunk++) {
      for (const [gameId, events] of games) {
        const start = Math.floor(events.length * (from + ((to - from) * chunk) / 10));
        const end = Math.floor(events.length * (from + ((to - from) * (chunk + 1)) / 10));
        if (end <= start) continue;
        await store.append(gameStreamId(gameId), toNewEvents(gameId, `c${start}`, events.slice(start, end), {}), start === 0 ? 'no_stream' : start - 1);
      }
    }
  }

  /** Every game once in the shared tables, as a fresh fold of its log has it, read from `server`. */
  async function expectUpToDate(server: Server): Promise<void> {
    const last = await server.store.lastPosition(FILTER);
    await Promise.all(Object.values(server.models.runners).map((runner) => runner.whenHandled(last!)));
    const listed = await server.models.gameStates.list({ limit: 1000 });
    expect(listed.map((g) => g.gameId).sort()).toEqual([...games.keys()].sort());
    for (const gameId of games.keys()) {
      const stream = await server.store.readStream(gameStreamId(gameId));
      if (stream.status !== 'ok') throw new Error(`no stream ${gameId}`);
      const record = await server.models.gameStates.get(gameId);
      expect(record?.revision).toBe(stream.events.length - 1);
      expect(record?.state).toEqual(effectiveState(stream.events));
      expect(await server.models.analytics.get(gameId)).toEqual(foldAnalyticsLog(gameId, stream.events));
    }
  }

  /** The rows as an operator's SQL reads them hold exactly the events up to their checkpoint. */
  async function expectRowsAtTheirCheckpoint(store: EventStore): Promise<void> {
    const checkpoint = await sql.query<{ position: string }>(
      `SELECT position::text AS position FROM logbook_projection_checkpoints WHERE projection = 'game-states'`,
    );
    const at = checkpoint.rows[0] === undefined ? -1n : BigInt(checkpoint.rows[0].position);
    const rows = await sql.query<{ game_id: string; revision: number }>('SELECT game_id, revision FROM logbook_game_states');
    const stored = new Map(rows.rows.map((row) => [row.game_id, row.revision]));
    for (const gameId of games.keys()) {
      const stream = await store.readStream(gameStreamId(gameId));
      const covered = stream.status === 'ok' ? stream.events.filter((e) => e.position <= at) : [];
      expect([gameId, stored.get(gameId) ?? -1]).toEqual([gameId, covered.length - 1]);
    }
  }

  const holderOf = async (id: string) =>
    (await sql.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [`logbook ${id}`])).rows.map((r) => r.pid);

  beforeAll(() => {
    for (let seed = 1; seed <= 6; seed++) {
      const gameId = `g${seed}`;
      games.set(gameId, playRandomGame(seed % 2 ? 'first-voyage' : 'twin-sails', { seed, players: 1 + (seed % 3), commands: 200, gameId }).events);
    }
  });

  // A database of each test's own: the servers of one test never meet another's tables or locks.
  beforeEach(async () => {
    database = await createTestDatabase('shared_read_models');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await sql.end();
    await database.drop();
  });

  it('runs each projection on one server; the other stands by, says who runs it, and reads the shared tables', async () => {
    const east = await open('east');
    const west = await open('west');
    expect(east.models.runners['game-states'].status).toBe('running');
    expect(west.models.runners['game-states'].status).toBe('standby');
    expect(west.models.runners.analytics.status).toBe('standby');
    await append(east.store, 0, 1);
    await expectUpToDate(west);
    expect(west.models.runners['game-states'].holder).toBe('east');
    expect(east.models.runners['game-states'].holder).toBe('east');
  });

  it('hands the projections to the other server when the holder closes, resuming from the shared checkpoint', async () => {
    const east = await open('east');
    const west = await open('west');
    await append(east.store, 0, 0.5);
    await expectUpToDate(west);
    await east.close();
    await expectRowsAtTheirCheckpoint(west.store);
    await append(west.store, 0.5, 1);
    await eventually(() => west.models.runners['game-states'].status === 'running' && west.models.runners.analytics.status === 'running', 'west takes over');
    expect(west.models.runners['game-states'].holder).toBe('west');
    await expectUpToDate(west);
  });

  it("takes over when the holder's lock connection is terminated; the former holder stands by and writes nothing more", async () => {
    const east = await open('east');
    const west = await open('west');
    await append(east.store, 0, 0.4);
    await expectUpToDate(east);
    // Events the holder has handled but not yet written when its lease goes.
    await append(east.store, 0.4, 0.6);
    const lockSessions = await sql.query<{ pid: number }>(
      `SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = 'logbook east'`,
    );
    expect(lockSessions.rows).toHaveLength(2);
    await sql.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [lockSessions.rows.map((r) => r.pid)]);
    await expectRowsAtTheirCheckpoint(east.store);
    await eventually(() => west.models.runners['game-states'].status === 'running' && west.models.runners.analytics.status === 'running', 'west takes over');
    await eventually(() => east.models.runners['game-states'].status === 'standby' && east.models.runners['game-states'].holder === 'west', 'east stands by');
    await append(east.store, 0.6, 1);
    await expectUpToDate(east);
    await expectUpToDate(west);
    expect(await holderOf('east')).not.toHaveLength(0);
  });

  it('runs the projections of two deployments in two schemas of one database side by side', async () => {
    const one = await open('one', `${database.url}?schema=one`);
    const two = await open('two', `${database.url}?schema=two`);
    for (const server of [one, two]) expect(Object.values(server.models.runners).map((runner) => runner.status)).toEqual(['running', 'running']);
    await append(two.store, 0, 1);
    await expectUpToDate(two);
    expect(await one.models.gameStates.list()).toEqual([]);
  });

  it('writes a checkpoint and its rows together or not at all, and keeps the rows of a failed one for the next', async () => {
    const db = new PostgresReadModelDatabase(database.url, 'solo');
    try {
      const states = new PostgresGameStateStore(db);
      const checkpoints = new PostgresCheckpointStore(db);
      await expect(checkpoints.save('game-states', 1n)).rejects.toThrow(/does not hold its lease/);
      expect(await db.lease('game-states').tryAcquire()).toBe(true);
      // More rows than one statement takes: the broken one comes in the second statement.
      for (let i = 0; i < 600; i++) states.put({ gameId: `fine-${String(i).padStart(3, '0')}`, revision: 3, state: initialState() });
      // A revision past PostgreSQL's integer fails its INSERT inside the checkpoint's transaction.
      const broken = { gameId: 'broken', revision: 2 ** 31, state: initialState() };
      states.put(broken);
      states.flush();
      await expect(checkpoints.save('game-states', 10n)).rejects.toThrow(/out of range/);
      expect((await sql.query('SELECT game_id FROM logbook_game_states')).rows).toEqual([]);
      expect(await checkpoints.load('game-states')).toBeUndefined();
      broken.revision = 4;
      states.put(broken);
      states.flush();
      await checkpoints.save('game-states', 11n);
      const rows = (await sql.query<{ game_id: string; revision: number }>('SELECT game_id, revision FROM logbook_game_states ORDER BY game_id')).rows;
      expect(rows).toHaveLength(601);
      expect(rows[0]).toEqual({ game_id: 'broken', revision: 4 });
      expect(rows.slice(1).every((row) => row.revision === 3)).toBe(true);
      expect(await checkpoints.load('game-states')).toBe(11n);
    } finally {
      await db.close();
    }
  });

  it('refuses a rebuild on a server that does not hold the projection, naming the one that does', async () => {
    const east = await open('east');
    const west = await open('west');
    await append(east.store, 0, 0.2);
    await expect(west.models.runners['game-states'].rebuild()).rejects.toThrow(/read model game-states is run by server east/);
    const handled = await east.models.runners['game-states'].rebuild();
    expect(handled).toBeGreaterThan(0);
    await append(east.store, 0.2, 1);
    await expectUpToDate(west);
  });

  it('refuses an online rebuild at once, saying to rebuild offline: shared tables have no generations', async () => {
    const east = await open('east');
    expect(() => east.models.rebuildOnline('analytics')).toThrow(OnlineRebuildUnsupportedError);
    expect(east.models.generation('analytics')).toBeUndefined();
    expect(east.models.rebuildStatus('analytics')).toBeUndefined();
  });
});

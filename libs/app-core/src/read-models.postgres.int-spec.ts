// Several servers' read models on one real PostgreSQL: one runs each projection, the others stand
// by and read the shared tables, and take over from the shared checkpoint when the holder goes.
// An online rebuild builds the next generation's tables on the holder, asked of either server,
// while both keep reading the live one, and both switch to it.
import { Client } from 'pg';
import type { EventStore } from '@logbook/event-store';
import { PostgresEventStore } from '@logbook/event-store/postgres/postgres-event-store';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { GAME_STREAM_PREFIX, effectiveState, gameEventUpcasters, gameStreamId, toNewEvents } from '@logbook/game-log';
import {
  PostgresCheckpointStore,
  PostgresGameStateStore,
  PostgresReadModelDatabase,
  RebuildInProgressError,
  foldAnalyticsLog,
  type OnlineRebuildStatus,
} from '@logbook/projections';
import { initialState, type GameEvent } from '@logbook/rules';
import { playRandomGame } from '@logbook/rules/testing/random-play';
import { openReadModels, type ReadModels } from './read-models';

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

  const open = async (id: string, url = database.url, leaseRetryMs = 100): Promise<Server> => {
    const store = new PostgresEventStore({ url, upcasters: gameEventUpcasters(), pollMs: 100 });
    const models = openReadModels(store, { kind: 'postgres', url, serverId: id }, { leaseRetryMs });
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

  /** Reads every game from `server` until stopped: a read that fails, or a revision that goes backwards, is a problem. */
  function keepReading(server: Server) {
    const seen = new Map<string, number>();
    const problems: string[] = [];
    let reads = 0;
    let reading = true;
    const saw = (what: string, revision: number | undefined) => {
      // A game once seen and then not found went backwards too (to before its first event).
      if ((revision ?? -1) < (seen.get(what) ?? -1)) problems.push(`${server.id}: ${what} went from ${seen.get(what)} to ${revision ?? 'nothing'}`);
      if (revision !== undefined) seen.set(what, Math.max(revision, seen.get(what) ?? -1));
    };
    const loop = (async () => {
      for (let round = 0; reading && round < 100_000; round++) {
        try {
          const listed = new Map((await server.models.gameStates.list({ limit: 1000 })).map((summary) => [summary.gameId, summary.revision]));
          for (const gameId of games.keys()) {
            saw(`list ${gameId}`, listed.get(gameId));
            saw(`state ${gameId}`, (await server.models.gameStates.get(gameId))?.revision);
            saw(`figures ${gameId}`, (await server.models.analytics.get(gameId))?.figures.revision);
          }
        } catch (error) {
          problems.push(`${server.id}: ${error instanceof Error ? error.message : String(error)}`);
        }
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    return {
      get reads() {
        return reads;
      },
      async stop(): Promise<string[]> {
        reading = false;
        await loop;
        return problems;
      },
    };
  }

  /** A rebuild asked of `server` is refused as under way: at once, or once the database is asked. */
  async function refusedAsUnderWay(server: Server, name: 'analytics' | 'game-states'): Promise<boolean> {
    try {
      const asked = server.models.rebuildOnline(name);
      await asked.accepted;
      return false;
    } catch (error) {
      return error instanceof RebuildInProgressError;
    }
  }

  const tableExists = async (table: string) => (await sql.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table])).rows[0]?.t != null;
  const checkpointKeys = async () =>
    (await sql.query<{ projection: string }>('SELECT projection FROM logbook_projection_checkpoints ORDER BY projection')).rows.map((r) => r.projection);
  const rowsIn = async (table: string) => (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;

  describe('online rebuilds', () => {
    it('builds the next generation on the holder while both servers read the live one, and both switch to it', async () => {
      const east = await open('east');
      const west = await open('west');
      await append(east.store, 0, 0.5);
      await expectUpToDate(west);
      const readers = [keepReading(east), keepReading(west)];
      const states: string[] = [];
      const { done } = east.models.rebuildOnline('game-states', (status) => states.push(status.state));
      const readsAtStart = readers.map((r) => r.reads);
      expect(() => east.models.rebuildOnline('game-states')).toThrow(RebuildInProgressError);
      expect(east.models.generation('game-states')).toBe(0);
      // Games go on while it replays and catches up.
      await append(east.store, 0.5, 1);
      await expect(done).resolves.toMatchObject({ readModel: 'game-states', generation: 1, state: 'switched' });
      const readsDuring = readers.map((r, i) => r.reads - readsAtStart[i]!);
      await eventually(() => west.models.generation('game-states') === 1, 'west reads the new generation');
      // Reads on west after it switched too.
      const readsAtSwitch = readers[1]!.reads;
      await eventually(() => readers[1]!.reads > readsAtSwitch + 2, 'west reads on');
      expect(await Promise.all(readers.map((r) => r.stop()))).toEqual([[], []]);
      expect(readsDuring.every((n) => n > 0)).toBe(true);
      expect(states).toEqual(expect.arrayContaining(['replaying', 'catching-up', 'switched']));
      expect(east.models.generation('game-states')).toBe(1);
      expect(east.models.generation('analytics')).toBe(0);
      await eventually(() => west.models.rebuildStatus('game-states')?.state === 'switched', 'west reports the switch');
      await expectUpToDate(east);
      await expectUpToDate(west);
      // The first generation's rows and checkpoint go once the switched-from generation's grace is over.
      await eventually(async () => (await rowsIn('logbook_game_states')) === 0, 'the first generation is emptied');
      expect(await checkpointKeys()).toEqual(['analytics', 'game-states@g1']);
      expect(await rowsIn('logbook_game_states_g1')).toBe(games.size);
    });

    it('records a rebuild asked of a server that does not run the read model; the holder builds it, a second request is refused', async () => {
      const east = await open('east');
      const west = await open('west');
      const north = await open('north');
      await append(east.store, 0, 1);
      await expectUpToDate(west);
      const readers = [keepReading(east), keepReading(west)];
      // Two servers that do not run it, asked at once: the database records one request.
      const asked = [west.models.rebuildOnline('analytics'), north.models.rebuildOnline('analytics')];
      expect(asked[0]!.started).toMatchObject({ state: 'requested', generation: 1 });
      const answers = await Promise.allSettled(asked.map((a) => a.accepted));
      const accepted = answers.flatMap((a, i) => (a.status === 'fulfilled' ? [{ status: a.value, done: asked[i]!.done }] : []));
      const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
      expect(accepted).toHaveLength(1);
      expect(accepted[0]!.status).toMatchObject({ readModel: 'analytics', state: 'requested', generation: 1 });
      expect(refused).toEqual([expect.any(RebuildInProgressError)]);
      // While it is under way, a request on any server is refused (409): at once where the server knows of it, else when recorded.
      for (const server of [west, north]) await expect(refusedAsUnderWay(server, 'analytics')).resolves.toBe(true);
      await eventually(() => east.models.rebuildStatus('analytics') !== undefined, 'the holder hears of the request');
      expect(() => east.models.rebuildOnline('analytics')).toThrow(RebuildInProgressError);
      await expect(accepted[0]!.done).resolves.toMatchObject({ readModel: 'analytics', generation: 1, state: 'switched' });
      await eventually(() => [east, west, north].every((server) => server.models.generation('analytics') === 1), 'every server reads generation 1');
      expect(await Promise.all(readers.map((r) => r.stop()))).toEqual([[], []]);
      expect(east.models.generation('game-states')).toBe(0);
      await expectUpToDate(west);
      await expectUpToDate(north);
      // A later rebuild may be asked again, and makes generation 2.
      await eventually(() => west.models.rebuildStatus('analytics')?.state === 'switched', 'west hears of the switch');
      const again = west.models.rebuildOnline('analytics');
      await expect(again.accepted).resolves.toMatchObject({ generation: 2 });
      await expect(again.done).resolves.toMatchObject({ generation: 2, state: 'switched' });
      await eventually(async () => !(await tableExists('logbook_analytics_games_g1')), 'generation 1 is dropped after its grace');
      await expectUpToDate(east);
    });

    it('tells the other servers of the switch at once (NOTIFY), not at their next turn of the lease loop', async () => {
      const east = await open('east');
      // A turn a minute: within this test only the notification can move it.
      const west = await open('west', database.url, 60_000);
      await append(east.store, 0, 0.3);
      await expect(east.models.rebuildOnline('analytics').done).resolves.toMatchObject({ generation: 1, state: 'switched' });
      await eventually(() => west.models.generation('analytics') === 1, 'west hears of the switch');
      await eventually(() => west.models.rebuildStatus('analytics')?.state === 'switched', 'west hears of the status');
    });

    it('leaves the live generation serving on both servers when the rebuild fails, drops its tables and says it failed', async () => {
      const east = await open('east');
      const west = await open('west');
      await append(east.store, 0, 1);
      await expectUpToDate(west);
      const live = east.models.gameStates;
      let puts = 0;
      const put = PostgresGameStateStore.prototype.put;
      jest.spyOn(PostgresGameStateStore.prototype, 'put').mockImplementation(function (this: PostgresGameStateStore, record) {
        if (this !== live && ++puts > 50) throw new Error('disk full (injected)');
        return put.call(this, record);
      });
      try {
        await expect(east.models.rebuildOnline('game-states').done).rejects.toThrow('disk full (injected)');
      } finally {
        jest.restoreAllMocks();
      }
      expect(east.models.rebuildStatus('game-states')).toMatchObject({ state: 'failed', error: 'disk full (injected)', generation: 1 });
      await eventually(() => west.models.rebuildStatus('game-states')?.state === 'failed', 'west reports the failure');
      expect(west.models.rebuildStatus('game-states')).toMatchObject({ error: 'disk full (injected)', generation: 1 });
      expect([east.models.generation('game-states'), west.models.generation('game-states')]).toEqual([0, 0]);
      expect(east.models.gameStates).toBe(live);
      expect(await tableExists('logbook_game_states_g1')).toBe(false);
      expect(await checkpointKeys()).toEqual(['analytics', 'game-states']);
      await expectUpToDate(east);
      await expectUpToDate(west);
      // Asked again (of the server that does not run it), it is built.
      const again = west.models.rebuildOnline('game-states');
      await expect(again.done).resolves.toMatchObject({ generation: 1, state: 'switched' });
      await expectUpToDate(west);
    });

    it('drops on taking the lease what a crash left of a rebuild (its tables and checkpoint) and says the rebuild failed', async () => {
      const east = await open('east');
      await append(east.store, 0, 1);
      await expectUpToDate(east);
      await east.close();
      // What a kill mid-rebuild leaves: a later generation's tables with some rows, its checkpoint, its status.
      await sql.query('CREATE TABLE logbook_analytics_games_g1 (LIKE logbook_analytics_games INCLUDING ALL)');
      await sql.query('INSERT INTO logbook_analytics_games_g1 SELECT * FROM logbook_analytics_games LIMIT 2');
      await sql.query(`INSERT INTO logbook_projection_checkpoints VALUES ('analytics@g1', 5, now(), 'east')`);
      const replaying: OnlineRebuildStatus = {
        readModel: 'analytics',
        generation: 1,
        state: 'replaying',
        startedAt: new Date().toISOString(),
        handled: 10,
        fraction: 0.1,
      };
      await sql.query(`INSERT INTO logbook_read_model_generations (read_model, live, rebuild) VALUES ('analytics', 0, $1)`, [JSON.stringify(replaying)]);
      const west = await open('west');
      expect(west.models.runners.analytics.status).toBe('running');
      expect(await tableExists('logbook_analytics_games_g1')).toBe(false);
      expect(await checkpointKeys()).toEqual(['analytics', 'game-states']);
      expect(west.models.generation('analytics')).toBe(0);
      expect(west.models.rebuildStatus('analytics')).toMatchObject({ generation: 1, state: 'failed' });
      await expectUpToDate(west);
    });

    it('hands a switched read model to the other server, which runs the live generation from its own checkpoint', async () => {
      const east = await open('east');
      const west = await open('west');
      await append(east.store, 0, 0.5);
      await expect(east.models.rebuildOnline('game-states').done).resolves.toMatchObject({ generation: 1 });
      await eventually(() => west.models.generation('game-states') === 1, 'west reads generation 1');
      await east.close();
      await append(west.store, 0.5, 1);
      await eventually(() => west.models.runners['game-states'].status === 'running', 'west takes over');
      expect(west.models.generation('game-states')).toBe(1);
      await expectUpToDate(west);
      expect(await rowsIn('logbook_game_states')).toBe(0);
    });
  });
});

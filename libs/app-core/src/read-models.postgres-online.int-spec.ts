// Online rebuilds of read models shared by several servers on one real PostgreSQL: the lease
// holder builds the next generation's tables, asked of any server, while every server keeps
// reading the live one, and all switch to it; a failed or crash-left generation is never served.
import { PostgresGameStateStore, PostgresReadModelDatabase, RebuildInProgressError, type OnlineRebuildStatus } from '@logbook/projections';
import { eventually, useSharedServers, type Server } from './testing/shared-servers';

describe('online rebuilds of read models shared on PostgreSQL', () => {
  const shared = useSharedServers('online_read_models');
  const { games, open, append, expectUpToDate } = shared;

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

  const tableExists = async (table: string) => (await shared.sql.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table])).rows[0]?.t != null;
  const checkpointKeys = async () =>
    (await shared.sql.query<{ projection: string }>('SELECT projection FROM logbook_projection_checkpoints ORDER BY projection')).rows.map((r) => r.projection);
  const rowsIn = async (table: string) => (await shared.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;

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
    // The holder's replay of the log waits at this gate, so its rebuild is still under way when
    // the holder is asked below (one game's log replays within a poll of `eventually` otherwise).
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const readAll = east.store.readAll.bind(east.store);
    east.store.readAll = async (...args) => {
      await gate;
      return readAll(...args);
    };
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
    openGate();
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

  it('refuses on the holder a rebuild another server recorded a moment before (its notification not heard yet), then builds that one', async () => {
    const east = await open('east');
    await append(east.store, 0, 0.5);
    await expectUpToDate(east);
    // Another server's request as the row records it, before its NOTIFY reached the holder.
    const recorded: OnlineRebuildStatus = {
      readModel: 'analytics',
      generation: 1,
      state: 'requested',
      startedAt: new Date().toISOString(),
      handled: 0,
      fraction: 0,
    };
    await shared.sql.query(
      `INSERT INTO logbook_read_model_generations (read_model, live, rebuild) VALUES ('analytics', 0, $1)
       ON CONFLICT (read_model) DO UPDATE SET rebuild = excluded.rebuild`,
      [JSON.stringify(recorded)],
    );
    const asked = east.models.rebuildOnline('analytics');
    // Refused at once while its own request is being recorded, then refused by the row.
    expect(() => east.models.rebuildOnline('analytics')).toThrow(RebuildInProgressError);
    await expect(asked.accepted).rejects.toBeInstanceOf(RebuildInProgressError);
    await expect(asked.done).rejects.toBeInstanceOf(RebuildInProgressError);
    // The recorded request is the one built: the holder reads the row again on the refusal.
    await eventually(() => east.models.generation('analytics') === 1, 'the holder builds the recorded request');
    expect(east.models.rebuildStatus('analytics')).toMatchObject({ generation: 1, state: 'switched' });
    await expectUpToDate(east);
    // Asked of the holder with nothing under way, it is recorded and built as before.
    const again = east.models.rebuildOnline('analytics');
    await expect(again.accepted).resolves.toMatchObject({ generation: 2, state: 'replaying' });
    await expect(again.done).resolves.toMatchObject({ generation: 2, state: 'switched' });
  });

  it('answers from the live generation on a server that heard neither the switch nor a turn of its lease loop past the grace', async () => {
    const east = await open('east');
    await append(east.store, 0, 1);
    await expectUpToDate(east);
    // West hears no NOTIFY and turns its lease loop once a minute; its clock is moved by hand.
    let skew = 0;
    const deaf = jest.spyOn(PostgresReadModelDatabase.prototype, 'onGenerationsChanged').mockImplementation(() => undefined);
    const west = await open('west', shared.database.url, 60_000, { monotonicNow: () => performance.now() + skew });
    deaf.mockRestore();
    await expectUpToDate(west);
    const answers = async (server: Server) => {
      const listed = (await server.models.gameStates.list({ limit: 1000 })).map((g) => [g.gameId, g.revision]).sort();
      const states = await Promise.all([...games.keys()].map(async (gameId) => (await server.models.gameStates.get(gameId))?.revision));
      const figures = await Promise.all([...games.keys()].map(async (gameId) => (await server.models.analytics.get(gameId))?.figures.revision));
      return { listed, states, figures };
    };
    const expected = await answers(east);

    // Generation 0 -> 1: the first tables are emptied once the grace is over; west has not heard.
    await expect(east.models.rebuildOnline('game-states').done).resolves.toMatchObject({ generation: 1, state: 'switched' });
    await expect(east.models.rebuildOnline('analytics').done).resolves.toMatchObject({ generation: 1, state: 'switched' });
    await eventually(async () => (await rowsIn('logbook_game_states')) === 0 && (await rowsIn('logbook_analytics_games')) === 0, 'generation 0 emptied');
    expect(west.models.generation('game-states')).toBe(0);
    // Its last reading of the row is past a turn and a half old: a read reads the row again first.
    skew += 120_000;
    expect(await answers(west)).toEqual(expected);
    expect(west.models.generation('game-states')).toBe(1);
    expect(west.models.generation('analytics')).toBe(1);

    // Generation 1 -> 2 with west's reading of the row fresh by its clock: the dropped tables send the read to the row.
    await expect(east.models.rebuildOnline('game-states').done).resolves.toMatchObject({ generation: 2, state: 'switched' });
    await expect(east.models.rebuildOnline('analytics').done).resolves.toMatchObject({ generation: 2, state: 'switched' });
    await eventually(async () => !(await tableExists('logbook_game_states_g1')) && !(await tableExists('logbook_analytics_games_g1')), 'generation 1 dropped');
    expect(west.models.generation('game-states')).toBe(1);
    expect(await answers(west)).toEqual(expected);
    expect(west.models.generation('game-states')).toBe(2);
    expect(west.models.generation('analytics')).toBe(2);
  });

  it('tells the other servers of the switch at once (NOTIFY), not at their next turn of the lease loop', async () => {
    const east = await open('east');
    // A turn a minute: within this test only the notification can move it.
    const west = await open('west', shared.database.url, 60_000);
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
    await shared.sql.query('CREATE TABLE logbook_analytics_games_g1 (LIKE logbook_analytics_games INCLUDING ALL)');
    await shared.sql.query('INSERT INTO logbook_analytics_games_g1 SELECT * FROM logbook_analytics_games LIMIT 2');
    await shared.sql.query(`INSERT INTO logbook_projection_checkpoints VALUES ('analytics@g1', 5, now(), 'east')`);
    const replaying: OnlineRebuildStatus = {
      readModel: 'analytics',
      generation: 1,
      state: 'replaying',
      startedAt: new Date().toISOString(),
      handled: 10,
      fraction: 0.1,
    };
    await shared.sql.query(`INSERT INTO logbook_read_model_generations (read_model, live, rebuild) VALUES ('analytics', 0, $1)`, [JSON.stringify(replaying)]);
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

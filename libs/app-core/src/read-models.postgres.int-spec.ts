// Several servers' read models on one real PostgreSQL: one runs each projection, the others stand
// by and read the shared tables, and take over from the shared checkpoint when the holder goes.
import type { EventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { PostgresCheckpointStore, PostgresGameStateStore, PostgresReadModelDatabase } from '@logbook/projections';
import { initialState } from '@logbook/rules';
import { eventually, useSharedServers } from './testing/shared-servers';

describe('read models shared by several servers on PostgreSQL', () => {
  const shared = useSharedServers('shared_read_models');
  const { games, open, append, expectUpToDate } = shared;

  /** The rows as an operator's SQL reads them hold exactly the events up to their checkpoint. */
  async function expectRowsAtTheirCheckpoint(store: EventStore): Promise<void> {
    const checkpoint = await shared.sql.query<{ position: string }>(
      `SELECT position::text AS position FROM logbook_projection_checkpoints WHERE projection = 'game-states'`,
    );
    const at = checkpoint.rows[0] === undefined ? -1n : BigInt(checkpoint.rows[0].position);
    const rows = await shared.sql.query<{ game_id: string; revision: number }>('SELECT game_id, revision FROM logbook_game_states');
    const stored = new Map(rows.rows.map((row) => [row.game_id, row.revision]));
    for (const gameId of games.keys()) {
      const stream = await store.readStream(gameStreamId(gameId));
      const covered = stream.status === 'ok' ? stream.events.filter((e) => e.position <= at) : [];
      expect([gameId, stored.get(gameId) ?? -1]).toEqual([gameId, covered.length - 1]);
    }
  }

  const holderOf = async (id: string) =>
    (await shared.sql.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [`logbook ${id}`])).rows.map((r) => r.pid);

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
    const lockSessions = await shared.sql.query<{ pid: number }>(
      `SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database() AND a.application_name = 'logbook east'`,
    );
    expect(lockSessions.rows).toHaveLength(2);
    await shared.sql.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [lockSessions.rows.map((r) => r.pid)]);
    await expectRowsAtTheirCheckpoint(east.store);
    await eventually(() => west.models.runners['game-states'].status === 'running' && west.models.runners.analytics.status === 'running', 'west takes over');
    await eventually(() => east.models.runners['game-states'].status === 'standby' && east.models.runners['game-states'].holder === 'west', 'east stands by');
    await append(east.store, 0.6, 1);
    await expectUpToDate(east);
    await expectUpToDate(west);
    expect(await holderOf('east')).not.toHaveLength(0);
  });

  it('runs the projections of two deployments in two schemas of one database side by side', async () => {
    const one = await open('one', `${shared.database.url}?schema=one`);
    const two = await open('two', `${shared.database.url}?schema=two`);
    for (const server of [one, two]) expect(Object.values(server.models.runners).map((runner) => runner.status)).toEqual(['running', 'running']);
    await append(two.store, 0, 1);
    await expectUpToDate(two);
    expect(await one.models.gameStates.list()).toEqual([]);
  });

  it('writes a checkpoint and its rows together or not at all, and keeps the rows of a failed one for the next', async () => {
    const db = new PostgresReadModelDatabase(shared.database.url, 'solo');
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
      expect((await shared.sql.query('SELECT game_id FROM logbook_game_states')).rows).toEqual([]);
      expect(await checkpoints.load('game-states')).toBeUndefined();
      broken.revision = 4;
      states.put(broken);
      states.flush();
      await checkpoints.save('game-states', 11n);
      const rows = (await shared.sql.query<{ game_id: string; revision: number }>('SELECT game_id, revision FROM logbook_game_states ORDER BY game_id')).rows;
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
});

// The PostgreSQL side of read-model generations on a real database: a later generation's tables
// are made beside the first one's (same columns and indexes), listed, dropped, and an erasure's
// vacuum reaches them too.
import { Client } from 'pg';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { initialState } from '@logbook/rules';
import { PostgresCheckpointStore } from './postgres-checkpoint-store';
import { PostgresGameStateStore } from './postgres-game-state-store';
import { PostgresReadModelDatabase, checkpointKey, generationTable } from './postgres-read-models';

describe('read-model generations on PostgreSQL', () => {
  let database: TestDatabase;
  let db: PostgresReadModelDatabase;
  let sql: Client;

  beforeAll(async () => {
    database = await createTestDatabase('read_model_generations');
    db = new PostgresReadModelDatabase(database.url, 'east');
    sql = new Client({ connectionString: database.url });
    // The restart spec may restart the shared cluster meanwhile: an idle client's 'error' must not end the worker.
    sql.on('error', () => undefined);
    await sql.connect();
  });

  afterAll(async () => {
    await sql.end();
    await db.close();
    await database.drop();
  });

  const indexesOf = async (table: string): Promise<string[]> =>
    (await sql.query<{ def: string }>('SELECT indexdef AS def FROM pg_indexes WHERE tablename = $1 ORDER BY indexname', [table])).rows.map((r) =>
      r.def
        .replace(table, '<table>')
        .replace(/ ON \S+ /, ' ON <table> ')
        .replace(/INDEX \S+/, 'INDEX <name>'),
    );

  it('says generation 0 is live until one is recorded', async () => {
    expect(await db.liveGeneration('game-states')).toBe(0);
    await sql.query(`INSERT INTO logbook_read_model_generations (read_model, live) VALUES ('game-states', 3)`);
    expect(await db.liveGeneration('game-states')).toBe(3);
    expect(await db.liveGeneration('analytics')).toBe(0);
  });

  it("makes a generation's table with the first one's columns and indexes, lists it, and drops it", async () => {
    expect(await db.generationTables()).toEqual([]);
    await db.createGenerationTable('logbook_game_states', 2);
    await db.createGenerationTable('logbook_analytics_games', 2);
    expect((await db.generationTables()).sort((a, b) => a.table.localeCompare(b.table))).toEqual([
      { table: 'logbook_analytics_games_g2', base: 'logbook_analytics_games', generation: 2 },
      { table: 'logbook_game_states_g2', base: 'logbook_game_states', generation: 2 },
    ]);
    expect(await indexesOf(generationTable('logbook_game_states', 2))).toEqual(await indexesOf(generationTable('logbook_game_states')));
    expect(await indexesOf(generationTable('logbook_game_states', 2))).toHaveLength(2);
    await db.dropGenerationTable('logbook_game_states', 2);
    await db.dropGenerationTable('logbook_analytics_games', 2);
    expect(await db.generationTables()).toEqual([]);
  });

  it('refuses to drop or remake the first generation', async () => {
    await expect(db.dropGenerationTable('logbook_game_states', 0)).rejects.toThrow('never dropped');
    await expect(db.createGenerationTable('logbook_game_states', 0)).rejects.toThrow('made with the schema');
  });

  it("reads and writes a generation's own table through its store, apart from the live one's", async () => {
    await db.createGenerationTable('logbook_game_states', 1);
    const next = new PostgresGameStateStore(db, 1);
    await next.writeNow({ gameId: 'g-1', revision: 4, state: initialState() });
    expect((await sql.query('SELECT game_id, revision FROM logbook_game_states_g1')).rows).toEqual([{ game_id: 'g-1', revision: 4 }]);
    expect((await sql.query('SELECT game_id FROM logbook_game_states')).rows).toEqual([]);
    expect((await next.list()).map((s) => s.gameId)).toEqual(['g-1']);
    expect((await new PostgresGameStateStore(db).list()).map((s) => s.gameId)).toEqual([]);
  });

  it("vacuums every generation's tables for an erasure (a later one's file is rewritten too)", async () => {
    const fileOf = async (table: string) => (await sql.query<{ f: string }>('SELECT pg_relation_filenode($1::regclass)::text AS f', [table])).rows[0]?.f;
    await db.createGenerationTable('logbook_game_states', 1);
    const before = await fileOf('logbook_game_states_g1');
    await db.vacuumNames();
    expect(await fileOf('logbook_game_states_g1')).not.toBe(before);
  });

  it("keeps a generation's checkpoint and rows apart from the live one's, both written on the projection's one lease", async () => {
    await db.createGenerationTable('logbook_game_states', 5);
    const live = new PostgresGameStateStore(db);
    const next = new PostgresGameStateStore(db, 5);
    const liveCheckpoints = new PostgresCheckpointStore(db);
    const nextCheckpoints = new PostgresCheckpointStore(db, 5);
    expect(await db.lease('game-states').tryAcquire()).toBe(true);
    try {
      for (let i = 0; i < 20; i++) {
        live.put({ gameId: `live-${i}`, revision: i, state: initialState() });
        next.put({ gameId: `next-${i}`, revision: i, state: initialState() });
        live.flush();
        next.flush();
        // Both generations' saves at once, as a live runner and a rebuild's make them: never interleaved on the one connection.
        await Promise.all([liveCheckpoints.save('game-states', BigInt(100 + i)), nextCheckpoints.save('game-states', BigInt(i))]);
      }
      // One generation's failed save (a revision past PostgreSQL's integer) rolls back its own writes only.
      live.put({ gameId: 'broken', revision: 2 ** 31, state: initialState() });
      next.put({ gameId: 'next-20', revision: 20, state: initialState() });
      live.flush();
      next.flush();
      const [failed, saved] = await Promise.allSettled([liveCheckpoints.save('game-states', 200n), nextCheckpoints.save('game-states', 20n)]);
      expect(failed.status).toBe('rejected');
      expect(saved.status).toBe('fulfilled');
      expect(await liveCheckpoints.load('game-states')).toBe(119n);
      expect(await nextCheckpoints.load('game-states')).toBe(20n);
      const keys = await sql.query<{ projection: string }>('SELECT projection FROM logbook_projection_checkpoints ORDER BY projection');
      expect(keys.rows.map((r) => r.projection)).toEqual(['game-states', checkpointKey('game-states', 5)]);
      expect((await sql.query('SELECT count(*)::int AS n FROM logbook_game_states_g5 WHERE game_id LIKE $1', ['next-%'])).rows).toEqual([{ n: 21 }]);
      expect((await sql.query('SELECT count(*)::int AS n FROM logbook_game_states_g5 WHERE game_id LIKE $1', ['live-%'])).rows).toEqual([{ n: 0 }]);
      expect((await sql.query('SELECT count(*)::int AS n FROM logbook_game_states WHERE game_id LIKE $1', ['next-%'])).rows).toEqual([{ n: 0 }]);
      // A rebuild's reset of the generation forgets its checkpoint and empties its table only.
      next.clear();
      await nextCheckpoints.reset('game-states');
      expect(await nextCheckpoints.load('game-states')).toBeUndefined();
      expect(await liveCheckpoints.load('game-states')).toBe(119n);
      expect((await sql.query('SELECT count(*)::int AS n FROM logbook_game_states_g5')).rows).toEqual([{ n: 0 }]);
      expect((await sql.query('SELECT count(*)::int AS n FROM logbook_game_states WHERE game_id LIKE $1', ['live-%'])).rows).toEqual([{ n: 20 }]);
    } finally {
      await db.lease('game-states').release();
    }
  });
});

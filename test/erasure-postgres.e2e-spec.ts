// Erasure on PostgreSQL: no table of the database (the log, the content streams, the read models,
// the checkpoints, the keys) holds an erased name or its key once the server has written its read
// models, and a server started afterwards, and a rebuild from zero, show "erased player".
import 'reflect-metadata';
import { Client } from 'pg';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { openEventStore, openReadModels } from '@logbook/app-core';
import { seededRng } from '@logbook/rules';
import { play, view, type Seat } from './support/api';
import { newDataDir, removeDataDir, startApp, type TestApp } from './support/app';

const ERASED = 'Zebulon Quartermaine-Okonkwo';
const KEPT = 'Philippa Thistlewood';

describe('erasure by crypto-shredding (PostgreSQL)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: TestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('erasure');
    dataDir = newDataDir();
  });
  afterAll(async () => {
    await app?.close();
    await database.drop();
    removeDataDir(dataDir);
  });

  /** Every row of every table of the database, as text, by table. */
  async function everyRow(): Promise<Record<string, string>> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ name: string }>(
        "SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'",
      );
      const out: Record<string, string> = {};
      for (const { name } of tables) {
        const { rows } = await client.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
        out[name] = rows.map((r) => r.row).join('\n');
      }
      return out;
    } finally {
      await client.end();
    }
  }
  const tablesHolding = (rows: Record<string, string>, needle: string) => Object.keys(rows).filter((table) => rows[table].includes(needle));

  it('leaves no erased name or key in any table, and every reader shows "erased player"', async () => {
    app = await startApp({ dataDir, postgres: { url: database.url, serverId: 'one' }, rng: seededRng(5) });
    const created = (
      await app
        .http()
        .post('/games')
        .send({ scenario: 'twin-sails', players: [{ name: ERASED }, { name: KEPT }] })
        .expect(201)
    ).body as {
      gameId: string;
      seats: Seat[];
    };
    const [one] = created.seats;
    while ((await view(app, created.gameId)).pending?.kind === 'plunder-choice')
      await play(app, created.gameId, one, { type: 'ChoosePlunderType', cardType: 'weapon' });
    const { revision } = await play(app, created.gameId, one, { type: 'StartNavigation' });
    const fork = (
      await app
        .http()
        .post(`/games/${created.gameId}/fork`)
        .set({ Authorization: `Bearer ${one.token}` })
        .send({ at: revision })
        .expect(201)
    ).body as {
      gameId: string;
    };
    await app.http().get('/games').expect(200); // the read models have caught up
    await app.close();
    let rows = await everyRow();
    expect(Object.keys(rows)).toEqual(
      expect.arrayContaining(['public.logbook_personal_data_keys', 'public.logbook_game_states', 'public.logbook_analytics_games']),
    );
    // The log holds no name in the clear; the read models hold the opened ones.
    expect(tablesHolding(rows, ERASED).sort()).toEqual(['public.logbook_analytics_games', 'public.logbook_game_states']);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const keyHex = (
      await client.query<{ hex: string }>("SELECT encode(key, 'hex') AS hex FROM logbook_personal_data_keys WHERE subject = $1", [`seat:${created.gameId}:1`])
    ).rows[0]?.hex;
    await client.end();
    expect(keyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(rows['public.logbook_personal_data_keys']).toContain(keyHex);

    app = await startApp({ dataDir, postgres: { url: database.url, serverId: 'one' }, rng: seededRng(5) });
    await app
      .http()
      .delete(`/games/${created.gameId}/seats/1/name`)
      .set({ Authorization: `Bearer ${one.token}` })
      .expect(204);
    expect((await view(app, created.gameId)).seats.map((s: { name: string }) => s.name)).toEqual(['erased player', KEPT]);
    expect((await view(app, fork.gameId)).seats.map((s: { name: string }) => s.name)).toEqual(['erased player', KEPT]);
    await app.close();
    rows = await everyRow();
    expect(tablesHolding(rows, ERASED)).toEqual([]);
    expect(tablesHolding(rows, keyHex as string)).toEqual([]);
    expect(rows['public.logbook_game_states']).toContain('erased player');

    // A rebuild of every read model from zero still shows "erased player".
    const store = openEventStore({ kind: 'postgres', url: database.url });
    const readModels = openReadModels(store, { kind: 'postgres', url: database.url, serverId: 'rebuild' });
    try {
      for (const runner of Object.values(readModels.runners)) await runner.rebuild();
      const figures = (await readModels.analytics.list()).find((f) => f.gameId === created.gameId);
      expect(figures?.seats.map((s) => s.name)).toEqual(['erased player', KEPT]);
    } finally {
      await readModels.close();
      await store.close();
    }
    rows = await everyRow();
    expect(tablesHolding(rows, ERASED)).toEqual([]);
    expect(rows['public.logbook_analytics_games']).toContain('erased player');
    app = undefined;
  });

  it('an erasure through one server reaches what another server had loaded and cached', async () => {
    const east = await startApp({ postgres: { url: database.url, serverId: 'east' }, rng: seededRng(6) });
    const west = await startApp({ postgres: { url: database.url, serverId: 'west' }, rng: seededRng(6) });
    try {
      const created = (
        await east
          .http()
          .post('/games')
          .send({ scenario: 'twin-sails', players: [{ name: ERASED }, { name: KEPT }] })
          .expect(201)
      ).body as {
        gameId: string;
        seats: Seat[];
      };
      const names = async (app: TestApp) => ((await view(app, created.gameId)).seats as Array<{ name: string }>).map((s) => s.name);
      const timeline = async (app: TestApp) => JSON.stringify((await app.http().get(`/games/${created.gameId}/timeline`).expect(200)).body);
      // Both have loaded the game, its views and its timeline.
      expect(await names(east)).toEqual([ERASED, KEPT]);
      expect(await names(west)).toEqual([ERASED, KEPT]);
      await timeline(east);
      await west
        .http()
        .delete(`/games/${created.gameId}/seats/1/name`)
        .set({ Authorization: `Bearer ${created.seats[0].token}` })
        .expect(204);
      expect(await names(west)).toEqual(['erased player', KEPT]);
      // East hears of it on PostgreSQL's LISTEN/NOTIFY: a bounded number of looks, never a fixed pause.
      let seen: string[] = [];
      for (let look = 0; look < 100 && (seen = await names(east))[0] !== 'erased player'; look++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual(['erased player', KEPT]);
      expect(await timeline(east)).not.toContain(ERASED);
    } finally {
      await east.close();
      await west.close();
    }
  });
});

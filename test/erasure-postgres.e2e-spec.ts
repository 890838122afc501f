// Erasure on PostgreSQL: no table of the database (the log, the content streams, the read models,
// the checkpoints, the keys) holds an erased name or its key once the server has written its read
// models, nor does any byte of the database's data files after a CHECKPOINT (dead row versions
// included), for a name typed at a seat and for a profile's; a server started afterwards, and a
// rebuild from zero, show "erased player". The WAL is not scanned: it keeps them (docs/privacy.md).
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

  /**
   * The data files of this spec's database whose bytes hold `needle`, after a CHECKPOINT wrote every
   * changed page to them: what a copy of the disk would show, dead row versions and free space
   * included (the rows above are only the live ones). CHECKPOINT and the data directory want the
   * cluster's superuser: these specs run as root, as CI does, so it is reached through `runuser`.
   */
  async function dataFilesHolding(needle: Buffer): Promise<string[]> {
    const superuser = (sql: string) =>
      execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-qAtX', '-v', 'ON_ERROR_STOP=1', '-d', new URL(database.url).pathname.slice(1), '-c', sql], {
        encoding: 'utf8',
      }).trim();
    superuser('CHECKPOINT');
    const dir = join(superuser('SHOW data_directory'), 'base', superuser('SELECT oid FROM pg_database WHERE datname = current_database()'));
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(10);
    // The server keeps working while we read: a file it removed after the listing (its relation-cache
    // file `pg_internal.init` is rewritten at will) is no longer on the disk, so it holds nothing.
    const holds = (f: string) => {
      try {
        return readFileSync(join(dir, f)).indexOf(needle) >= 0;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    };
    // Named by relation (a file is `<filenode>`, `<filenode>.<n>` past 1 GB, `<filenode>_fsm`/`_vm`/`_init` beside it);
    // a file of the server's own (`pg_internal.init`, `PG_VERSION`) by its name.
    const named = (f: string) => {
      const filenode = /^\d+/.exec(f)?.[0];
      if (filenode === undefined) return f;
      return `${superuser(`SELECT coalesce(pg_filenode_relation(0, ${filenode})::text, 'filenode ${f}')`)}${f.includes('_') ? f.slice(f.indexOf('_')) : ''}`;
    };
    return files.filter(holds).map(named);
  }

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
    expect(await dataFilesHolding(Buffer.from(ERASED))).toEqual([]);
    expect(await dataFilesHolding(Buffer.from(keyHex as string, 'hex'))).toEqual([]);

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

  it('a profile seated in a game: once DELETE /players/:id erased it, no data file of the database holds its name or key, and a rebuild shows "erased player"', async () => {
    const PROFILE = 'Ottoline Vasquez-Brightwater';
    const profileApp = await startApp({ postgres: { url: database.url, serverId: 'profile' }, rng: seededRng(7) });
    app = profileApp;
    const { playerId, secret } = (await profileApp.http().post('/players').send({ name: PROFILE }).expect(201)).body as { playerId: string; secret: string };
    const asPlayer = { 'X-Player-Secret': secret };
    const created = (
      await profileApp
        .http()
        .post('/games')
        .send({ scenario: 'twin-sails', players: [{ playerId, playerSecret: secret }, { name: KEPT }] })
        .expect(201)
    ).body as { gameId: string; seats: Seat[] };
    const [one, two] = created.seats;
    while ((await view(profileApp, created.gameId)).pending?.kind === 'plunder-choice')
      await play(profileApp, created.gameId, one, { type: 'ChoosePlunderType', cardType: 'weapon' });
    await play(profileApp, created.gameId, one, { type: 'StartNavigation' });
    await play(profileApp, created.gameId, one, { type: 'EndNavigation' });
    await play(profileApp, created.gameId, one, { type: 'EndTurn' });
    await play(profileApp, created.gameId, two, { type: 'EndTurn' });
    // Every reader holds the name: the profile, the game, the player's games and figures, the game's analytics.
    const readers = async () => {
      const get = async (path: string, headers: Record<string, string> = {}) =>
        JSON.stringify((await profileApp.http().get(path).set(headers).expect(200)).body);
      return {
        profile: await get(`/players/${playerId}`, asPlayer),
        board: await get(`/games/${created.gameId}`, { Authorization: `Bearer ${one.token}` }),
        spectator: await get(`/games/${created.gameId}`),
        timeline: await get(`/games/${created.gameId}/timeline`),
        games: await get(`/players/${playerId}/games`, asPlayer),
        figures: await get(`/players/${playerId}/analytics`, asPlayer),
        analytics: await get(`/analytics/games/${created.gameId}`),
        list: await get('/games'),
      };
    };
    const before = await readers();
    for (const what of ['profile', 'board', 'spectator', 'timeline', 'games', 'analytics'] as const)
      expect({ what, named: before[what].includes(PROFILE) }).toEqual({ what, named: true });
    expect(JSON.parse(before.games)).toMatchObject({ summary: { games: 1 }, voyages: [expect.objectContaining({ gameId: created.gameId })] });
    expect(JSON.parse(before.figures)).toMatchObject({ playerId, games: 1, favouriteCharacter: { games: 1 } });

    const client = new Client({ connectionString: database.url });
    await client.connect();
    const key = (await client.query<{ key: Buffer }>('SELECT key FROM logbook_personal_data_keys WHERE subject = $1', [`player:${playerId}`])).rows[0]?.key;
    await client.end();
    expect(key?.length).toBe(32);
    // Before the erasure the disk holds both (the read models hold the opened name): the scan can find what it looks for.
    expect((await dataFilesHolding(Buffer.from(PROFILE))).length).toBeGreaterThan(0);
    expect(await dataFilesHolding(key as Buffer)).toHaveLength(1);
    expect(tablesHolding(await everyRow(), PROFILE).sort()).toEqual(['public.logbook_analytics_games', 'public.logbook_game_states']);

    await profileApp.http().delete(`/players/${playerId}`).set(asPlayer).expect(204);
    await profileApp.http().get(`/players/${playerId}`).set(asPlayer).expect(410);
    await profileApp.http().get(`/players/${playerId}/games`).set(asPlayer).expect(410);
    const seatNames = async () => ((await view(profileApp, created.gameId)).seats as Array<{ name: string }>).map((s) => s.name);
    expect(await seatNames()).toEqual(['erased player', KEPT]);
    const get = async (path: string) => JSON.stringify((await profileApp.http().get(path).expect(200)).body);
    for (const path of [`/games/${created.gameId}`, `/games/${created.gameId}/timeline`, `/analytics/games/${created.gameId}`, '/games']) {
      const text = await get(path);
      expect({ path, erased: text.includes(PROFILE) }).toEqual({ path, erased: false });
    }
    expect(await get(`/analytics/games/${created.gameId}`)).toContain('erased player');
    await profileApp.close();
    app = undefined;

    let rows = await everyRow();
    expect(tablesHolding(rows, PROFILE)).toEqual([]);
    expect(await dataFilesHolding(Buffer.from(PROFILE))).toEqual([]);
    expect(await dataFilesHolding(key as Buffer)).toEqual([]);

    // A rebuild of every read model from zero: still "erased player", and the name comes back into no file.
    const store = openEventStore({ kind: 'postgres', url: database.url });
    const readModels = openReadModels(store, { kind: 'postgres', url: database.url, serverId: 'profile-rebuild' });
    try {
      for (const runner of Object.values(readModels.runners)) await runner.rebuild();
      expect((await readModels.gameStates.get(created.gameId))?.state.seats.map((s) => s.name)).toEqual(['erased player', KEPT]);
      expect((await readModels.analytics.list()).find((f) => f.gameId === created.gameId)?.seats.map((s) => s.name)).toEqual(['erased player', KEPT]);
    } finally {
      await readModels.close();
      await store.close();
    }
    rows = await everyRow();
    expect(tablesHolding(rows, PROFILE)).toEqual([]);
    expect(await dataFilesHolding(Buffer.from(PROFILE))).toEqual([]);
    expect(await dataFilesHolding(key as Buffer)).toEqual([]);
  }, 120_000);

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

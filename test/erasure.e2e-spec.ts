// Erasure the hard way: a name typed at a seat never reaches the store's files in the clear, and
// once erased it is gone from every file (the log and its WAL, the key file, the read models),
// every view shows "erased player", and the game still replays, seeks, forks, exports, imports and
// re-validates to the same boards.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { openEventStore, openReadModels, PERSONAL_DATA_KEYS_FILE, toAppConfig, validateEnvironment } from '@logbook/app-core';
import { gameStreamId, redecide } from '@logbook/game-log';
import { asText, play, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { CLI_ARGS, ROOT } from './support/server-process';
import { useEnv } from './support/env';

const run = promisify(execFile);
const cli = (args: string[], dataDir: string) =>
  run(process.execPath, [...CLI_ARGS, ...args], { cwd: ROOT, env: { ...process.env, LOGBOOK_DATA_DIR: dataDir }, timeout: 120_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

const OPERATOR = 'operator-token-for-the-erasure-tests';
const asOperator = { Authorization: `Bearer ${OPERATOR}` };
const bearer = (seat: Seat) => ({ Authorization: `Bearer ${seat.token}` });
// Distinctive, so a byte found is this name and nothing else.
const ERASED = 'Zebulon Quartermaine-Okonkwo';
const KEPT = 'Philippa Thistlewood';

/** Every file of the data folder that holds what Logbook stored, with its WAL. */
const storeFiles = (dir: string) =>
  ['logbook.sqlite', PERSONAL_DATA_KEYS_FILE, 'read-models.sqlite', 'snapshots.sqlite']
    .flatMap((f) => [join(dir, f), join(dir, `${f}-wal`)])
    .filter((f) => existsSync(f));

/** The files among `files` whose bytes hold `needle`. */
const filesHolding = (files: string[], needle: Buffer) => files.filter((f) => readFileSync(f).indexOf(needle) >= 0);

/** The JSON with every occurrence of a name replaced: what must be equal before and after. */
const withoutName = (value: unknown, name: string) => JSON.stringify(value).split(name).join('<name>');

describe('erasure by crypto-shredding (SQLite)', () => {
  let app: TestApp;

  // Every game is snapshotted at its first floor: the snapshots' file is scanned like the rest.
  useEnv({ LOGBOOK_ADMIN_TOKEN: OPERATOR, LOGBOOK_SNAPSHOT_EVERY: '1' });
  beforeEach(async () => {
    app = await startApp();
  });
  afterEach(() => app.dispose());

  /** `claim`: a profile seat 1 is claimed into before anything is played (so every view below shows it). */
  async function playedGame(players: Array<Record<string, string>> = [{ name: ERASED }, { name: KEPT }], claim?: { playerId: string; secret: string }) {
    const res = await app.http().post('/games').send({ scenario: 'twin-sails', players }).expect(201);
    const game = res.body as { gameId: string; seats: Seat[] };
    const [one, two] = game.seats;
    if (claim) {
      await app
        .http()
        .post(`/games/${game.gameId}/seats/1/claim`)
        .set(bearer(one as Seat))
        .send({ playerId: claim.playerId, playerSecret: claim.secret })
        .expect(200);
    }
    while ((await view(app, game.gameId)).pending?.kind === 'plunder-choice')
      await play(app, game.gameId, one, { type: 'ChoosePlunderType', cardType: 'weapon' });
    await play(app, game.gameId, one, { type: 'StartNavigation' });
    const { revision: afterMove } = await play(app, game.gameId, one, { type: 'MoveShip' });
    await play(app, game.gameId, one, { type: 'EndNavigation' });
    await play(app, game.gameId, one, { type: 'EndTurn' });
    const { revision } = await play(app, game.gameId, two, { type: 'EndTurn' });
    return { ...game, one, two, afterMove, revision };
  }

  /** Read models rebuilt from the first event (the server stopped) still show "erased player", and no file gets the name back. */
  async function expectRebuiltErased(gameId: string, board = ['erased player', KEPT], shown = board) {
    process.env.LOGBOOK_DATA_DIR = app.dataDir;
    const config = toAppConfig(validateEnvironment(process.env));
    const store = openEventStore(config.store, config.personalDataKeys);
    const readModels = openReadModels(store, config.readModels);
    try {
      for (const runner of Object.values(readModels.runners)) await runner.rebuild();
      const record = await readModels.gameStates.get(gameId);
      expect(record?.state.seats.map((s) => s.name)).toEqual(board);
      const figures = (await readModels.analytics.list()).find((f) => f.gameId === gameId);
      expect(figures?.seats.map((s) => s.name)).toEqual(shown);
    } finally {
      await readModels.close();
      await store.close();
    }
    expect(filesHolding(storeFiles(app.dataDir), Buffer.from(ERASED))).toEqual([]);
  }

  const exportText = async (gameId: string) =>
    (await app.http().get(`/games/${gameId}/export`).set(asOperator).buffer(true).parse(asText).expect(200)).body as string;

  /** Everything a client can read of a game, as text. */
  async function everything(gameId: string, seat: Seat, at: number) {
    const get = async (path: string, headers: Record<string, string> = {}) => (await app.http().get(path).set(headers).expect(200)).body as unknown;
    return {
      board: await get(`/games/${gameId}`, bearer(seat)),
      spectator: await get(`/games/${gameId}`),
      seek: await get(`/games/${gameId}?at=${at}`, bearer(seat)),
      timeline: await get(`/games/${gameId}/timeline`),
      events: await get(`/games/${gameId}/events`, bearer(seat)),
      analytics: await get(`/analytics/games/${gameId}`),
      export: await exportText(gameId),
    };
  }

  /**
   * After a profile's erasure: every read shows "erased player" and never the name, the boards are the
   * same but for it, and no file holds it while the server runs nor once it has closed.
   */
  async function expectErasedEverywhere(game: { gameId: string; one: Seat; afterMove: number }, before: Awaited<ReturnType<typeof everything>>) {
    const after = await everything(game.gameId, game.one, game.afterMove);
    for (const [what, value] of Object.entries(after)) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      expect({ what, erased: text.includes(ERASED), shows: text.includes('erased player') }).toEqual({ what, erased: false, shows: true });
    }
    for (const what of ['board', 'spectator', 'seek', 'timeline', 'analytics'] as const) {
      expect(withoutName(after[what], 'erased player')).toEqual(withoutName(before[what], ERASED));
    }
    expect(filesHolding(storeFiles(app.dataDir), Buffer.from(ERASED))).toEqual([]);
    await app.close();
    expect(filesHolding(storeFiles(app.dataDir), Buffer.from(ERASED))).toEqual([]);
  }

  it('the log never holds a typed name in the clear, even before any erasure', async () => {
    await playedGame();
    await app.close();
    // The read models and the snapshots hold names opened (caches a rebuild or a fold makes again); the log and the keys never in the clear.
    const files = storeFiles(app.dataDir).filter((f) => !f.includes('read-models') && !f.includes('snapshots'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(filesHolding(files, Buffer.from(ERASED))).toEqual([]);
    expect(filesHolding(files, Buffer.from(KEPT))).toEqual([]);
  });

  it('answers 400 / 401 / 403 / 404 as usual and changes nothing then', async () => {
    const game = await playedGame();
    const url = `/games/${game.gameId}/seats/1/name`;
    await app.http().delete(url).expect(401);
    await app.http().delete(url).set(bearer(game.two)).expect(403);
    await app.http().delete(url).set({ Authorization: 'Bearer not-a-token-of-this-game' }).expect(403);
    await app.http().delete(`/games/${game.gameId}/seats/x/name`).set(bearer(game.one)).expect(400);
    await app.http().delete(`/games/${game.gameId}/seats/9/name`).set(asOperator).expect(404);
    await app.http().delete('/games/00000000-0000-4000-8000-000000000000/seats/1/name').set(asOperator).expect(404);
    expect(JSON.stringify(await view(app, game.gameId))).toContain(ERASED);
  });

  it('after erasure every view shows "erased player", the boards are the same but for the name, and no file holds the name or its key', async () => {
    const game = await playedGame();
    // A fork that keeps the names, and one that names new players: the first is reached by the erasure, the second not.
    const kept = (await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at: game.revision }).expect(201)).body as {
      gameId: string;
      seats: Seat[];
    };
    const renamed = (
      await app
        .http()
        .post(`/games/${game.gameId}/fork`)
        .set(asOperator)
        .send({ at: game.revision, players: [{ name: 'Nobody Else' }, { name: KEPT }] })
        .expect(201)
    ).body as { gameId: string };
    const before = await everything(game.gameId, game.one, game.afterMove);
    expect(JSON.stringify(before.board)).toContain(ERASED);
    expect(before.export).toContain(ERASED);
    const keysFile = join(app.dataDir, PERSONAL_DATA_KEYS_FILE);
    const keys = new Database(keysFile, { readonly: true });
    const key =
      (keys.prepare('SELECT key FROM personal_data_keys WHERE subject = ?').pluck().get(`seat:${game.gameId}:1`) as Buffer | undefined) ?? Buffer.alloc(0);
    keys.close();
    expect(key.length).toBe(32);

    await app.http().delete(`/games/${game.gameId}/seats/1/name`).set(bearer(game.one)).expect(204);
    // Again: nothing more to do, the same answer.
    await app.http().delete(`/games/${game.gameId}/seats/1/name`).set(asOperator).expect(204);

    const after = await everything(game.gameId, game.one, game.afterMove);
    for (const [what, value] of Object.entries(after)) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      expect({ what, erased: text.includes(ERASED) }).toEqual({ what, erased: false });
      expect({ what, shows: text.includes('erased player') }).toEqual({ what, shows: true });
      expect({ what, kept: text.includes(KEPT) }).toEqual({ what, kept: true });
    }
    for (const what of ['board', 'spectator', 'seek', 'timeline', 'analytics'] as const) {
      expect(withoutName(after[what], 'erased player')).toEqual(withoutName(before[what], ERASED));
    }
    const keptFork = JSON.stringify(await view(app, kept.gameId, kept.seats[0]));
    expect(keptFork).toContain('erased player');
    expect(keptFork).not.toContain(ERASED);
    expect(JSON.stringify(await view(app, renamed.gameId))).toContain('Nobody Else');

    // The export decides again under today's rules to the same events, imports, and plays on.
    const lines = after.export
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as { revision: number; type: string; data: unknown; secret?: unknown; [k: string]: unknown });
    const log = lines.map(({ revision, type, data, secret, ...metadata }) => ({ revision, type, data: { data, ...(secret ? { secret } : {}) }, metadata }));
    expect(redecide(log as never).ok).toBe(true);
    const imported = (
      await app
        .http()
        .post('/games/import')
        .set({ ...asOperator, 'Content-Type': 'application/x-ndjson' })
        .send(after.export)
        .expect(201)
    ).body as {
      gameId: string;
      seats: Seat[];
    };
    expect(withoutName(await view(app, imported.gameId), imported.gameId)).toEqual(withoutName(await view(app, game.gameId), game.gameId));
    await play(app, imported.gameId, imported.seats[0], { type: 'StartNavigation' });
    // A fork made after the erasure still starts from the same board.
    const later = (await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at: game.revision }).expect(201)).body as {
      gameId: string;
    };
    expect(withoutName((await view(app, later.gameId)).ships, later.gameId)).toEqual(withoutName((await view(app, game.gameId)).ships, game.gameId));

    // While the server runs: the erasure checkpointed the files it rewrote.
    expect(filesHolding(storeFiles(app.dataDir), Buffer.from(ERASED))).toEqual([]);
    expect(filesHolding(storeFiles(app.dataDir), key)).toEqual([]);
    await app.close();
    const files = storeFiles(app.dataDir);
    expect(files.map((f) => f.slice(app.dataDir.length + 1))).toEqual(
      expect.arrayContaining(['logbook.sqlite', PERSONAL_DATA_KEYS_FILE, 'read-models.sqlite']),
    );
    expect(filesHolding(files, Buffer.from(ERASED))).toEqual([]);
    expect(filesHolding(files, key)).toEqual([]);
    // The name that was not erased is in the read models and the snapshots (opened), never in the log.
    expect(filesHolding(files, Buffer.from(KEPT)).map((f) => f.slice(app.dataDir.length + 1))).toEqual(['read-models.sqlite', 'snapshots.sqlite']);

    await expectRebuiltErased(game.gameId);
  });

  it("a profile's name, seated in a game and snapshotted, is gone from every file once DELETE /players/:id erases it", async () => {
    const { playerId, secret } = (await app.http().post('/players').send({ name: ERASED }).expect(201)).body as { playerId: string; secret: string };
    const game = await playedGame([{ playerId, playerSecret: secret }, { name: KEPT }]);
    const before = await everything(game.gameId, game.one, game.afterMove);
    expect(before.export).toContain(ERASED);
    // A fresh server opens the game and snapshots its fold (LOGBOOK_SNAPSHOT_EVERY=1): the snapshot holds the name as the game reads it.
    app = await app.restart();
    await view(app, game.gameId, game.one);
    await app.close();
    expect(filesHolding(storeFiles(app.dataDir), Buffer.from(ERASED)).map((f) => f.slice(app.dataDir.length + 1))).toEqual(
      expect.arrayContaining(['snapshots.sqlite', 'read-models.sqlite']),
    );
    app = await app.restart();
    await app.http().delete(`/players/${playerId}`).set({ 'X-Player-Secret': secret }).expect(204);
    await app.http().get(`/players/${playerId}`).set({ 'X-Player-Secret': secret }).expect(410);

    await expectErasedEverywhere(game, before);
    await expectRebuiltErased(game.gameId);
  }, 120_000);

  it("a profile's name at a seat claimed into it, snapshotted, is gone from every file once DELETE /players/:id erases it; the name typed there stays", async () => {
    const TYPED = 'Typed Sailor';
    const { playerId, secret } = (await app.http().post('/players').send({ name: ERASED }).expect(201)).body as { playerId: string; secret: string };
    const game = await playedGame([{ name: TYPED }, { name: KEPT }], { playerId, secret });
    const before = await everything(game.gameId, game.one, game.afterMove);
    for (const [what, value] of Object.entries(before)) expect({ what, shows: JSON.stringify(value).includes(ERASED) }).toEqual({ what, shows: true });
    app = await app.restart();
    await view(app, game.gameId, game.one);
    await app.http().delete(`/players/${playerId}`).set({ 'X-Player-Secret': secret }).expect(204);

    await expectErasedEverywhere(game, before);
    // The board's state keeps the name typed at the seat (its own subject, not erased); the figures show the claim's.
    await expectRebuiltErased(game.gameId, [TYPED, KEPT], ['erased player', KEPT]);
  }, 120_000);

  it('a backup carries its keys beside it (restored names read back); one taken after `erase` holds neither the name nor its key', async () => {
    const game = await playedGame();
    const keysFile = join(app.dataDir, PERSONAL_DATA_KEYS_FILE);
    const keys = new Database(keysFile, { readonly: true });
    const key = keys.prepare('SELECT key FROM personal_data_keys WHERE subject = ?').pluck().get(`seat:${game.gameId}:1`) as Buffer;
    keys.close();
    await app.close();
    const dir = app.dataDir;
    const namesIn = async (dataDir: string) => {
      const store = openEventStore({ kind: 'sqlite', filename: join(dataDir, 'logbook.sqlite') });
      try {
        const read = await store.readStream(gameStreamId(game.gameId), { maxCount: 1 });
        const first = read.status === 'ok' ? (read.events[0]?.data as { data: { seats: Array<{ name: string }> } }) : undefined;
        return first?.data.seats.map((s) => s.name);
      } finally {
        await store.close();
      }
    };

    expect(await cli(['backup', join(dir, 'before.sqlite')], dir)).toMatchObject({ code: 0 });
    expect(existsSync(join(dir, 'before.sqlite-keys'))).toBe(true);
    expect(await cli(['restore', join(dir, 'before.sqlite'), '--data-dir', join(dir, 'restored')], dir)).toMatchObject({ code: 0 });
    expect(await namesIn(join(dir, 'restored'))).toEqual([ERASED, KEPT]);

    expect(await cli(['erase', '--subject', 'not-a-subject'], dir)).toMatchObject({ code: 2 });
    const erased = await cli(['erase', '--subject', `seat:${game.gameId}:1`], dir);
    expect(erased).toMatchObject({ code: 0 });
    expect(erased.stdout).toContain('1 game(s)');
    expect(await cli(['backup', join(dir, 'after.sqlite')], dir)).toMatchObject({ code: 0 });
    const after = [join(dir, 'after.sqlite'), join(dir, 'after.sqlite-keys')];
    expect(filesHolding(after, Buffer.from(ERASED))).toEqual([]);
    expect(filesHolding(after, key)).toEqual([]);
    expect(filesHolding([...storeFiles(dir)], Buffer.from(ERASED))).toEqual([]);
    expect(await namesIn(dir)).toEqual(['erased player', KEPT]);
    app = await app.restart();
    expect((await view(app, game.gameId)).seats.map((s: { name: string }) => s.name)).toEqual(['erased player', KEPT]);
  }, 120_000); // six command-line runs, each a Node start: slow on a loaded 2-core machine
});

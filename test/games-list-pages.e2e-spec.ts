// GET /games: newest first, with created and updated times, and a cursor for the next page.
import { createGame, send } from './support/api';
import { startApp, type TestApp } from './support/app';

jest.setTimeout(60_000);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('listing games: order, times and pages', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.dispose());

  it('gives the first game after start-up its created time', async () => {
    const fresh = await startApp();
    try {
      const game = await createGame(fresh);
      const listed = (await fresh.http().get('/games').expect(200)).body.games;
      expect(listed).toEqual([expect.objectContaining({ gameId: game.gameId })]);
      expect(Date.parse(listed[0].createdAt)).not.toBeNaN();
      expect(Date.parse(listed[0].updatedAt)).toBeGreaterThanOrEqual(Date.parse(listed[0].createdAt));
    } finally {
      await fresh.dispose();
    }
  });

  it('keeps created times across a restart, for the games before it and the first one after', async () => {
    let fresh = await startApp();
    try {
      const before = await createGame(fresh);
      await send(fresh, before.gameId, before.seats[0], { type: 'EndTurn' });
      fresh = await fresh.restart();
      const after = await createGame(fresh);
      const listed = (await fresh.http().get('/games').expect(200)).body.games as Array<{ gameId: string; createdAt: string }>;
      expect(listed.map((g) => g.gameId)).toEqual([after.gameId, before.gameId]);
      for (const g of listed) expect(Date.parse(g.createdAt)).not.toBeNaN();
    } finally {
      await fresh.dispose();
    }
  });

  it('lists newest first with created/updated times, and pages with a cursor', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      created.push((await createGame(app)).gameId);
      await pause(5);
    }
    const first = (await app.http().get('/games?limit=2').expect(200)).body;
    expect(first.games.map((g: { gameId: string }) => g.gameId)).toEqual([created[4], created[3]]);
    for (const g of first.games) {
      expect(Date.parse(g.createdAt)).not.toBeNaN();
      expect(Date.parse(g.updatedAt)).toBeGreaterThanOrEqual(Date.parse(g.createdAt));
    }
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await app.http().get(`/games?limit=2&cursor=${first.nextCursor}`).expect(200)).body;
    expect(second.games.map((g: { gameId: string }) => g.gameId)).toEqual([created[2], created[1]]);
    const third = (await app.http().get(`/games?limit=2&cursor=${second.nextCursor}`).expect(200)).body;
    expect(third.games.map((g: { gameId: string }) => g.gameId)).toEqual([created[0]]);
    expect(third.nextCursor).toBeNull();
  });

  it('moves updatedAt when a game changes', async () => {
    const game = await createGame(app);
    const before = (await app.http().get('/games?limit=1').expect(200)).body.games[0];
    await pause(5);
    await send(app, game.gameId, game.seats[0], { type: 'EndTurn' });
    await send(app, game.gameId, game.seats[0], { type: 'ChoosePlunderType', cardType: 'weapon' });
    await send(app, game.gameId, game.seats[0], { type: 'EndTurn' });
    const after = (await app.http().get('/games?limit=1').expect(200)).body.games[0];
    expect(after.gameId).toBe(game.gameId);
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(after.createdAt).toBe(before.createdAt);
  });

  it('refuses a cursor it did not hand out', async () => {
    await app.http().get('/games?cursor=not-a-cursor').expect(400);
    await app
      .http()
      .get(`/games?cursor=${Buffer.from('{"a":1}').toString('base64url')}`)
      .expect(400);
  });
});

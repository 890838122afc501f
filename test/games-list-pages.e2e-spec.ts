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

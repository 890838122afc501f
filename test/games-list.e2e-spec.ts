import { createGame, play } from './support/api';
import { startApp, type TestApp } from './support/app';

describe('listing games (the game-states read model)', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startApp();
  });

  afterEach(() => app.dispose());

  it('lists the games just created, with their public summary', async () => {
    const first = await createGame(app);
    const second = await createGame(app, 'twin-sails', 2);
    await play(app, first.gameId, first.seats[0], { type: 'EndTurn' });

    const { games } = (await app.http().get('/games').expect(200)).body;
    expect(games.map((g: { gameId: string }) => g.gameId).sort()).toEqual([first.gameId, second.gameId].sort());
    const summary = games.find((g: { gameId: string }) => g.gameId === first.gameId);
    expect(summary).toMatchObject({ scenarioId: 'first-voyage', status: 'active', seats: 1 });
    expect(summary.revision).toBeGreaterThan(first.revision);

    const twin = (await app.http().get('/games?scenario=twin-sails').expect(200)).body.games;
    expect(twin.map((g: { gameId: string }) => g.gameId)).toEqual([second.gameId]);
  });

  it('lists the newest game first, with when it was created', async () => {
    const games = [];
    for (let i = 0; i < 3; i++) games.push(await createGame(app));
    await play(app, games[0].gameId, games[0].seats[0], { type: 'EndTurn' });
    const listed = (await app.http().get('/games').expect(200)).body.games;
    expect(listed.map((g: { gameId: string }) => g.gameId)).toEqual(games.map((g) => g.gameId).reverse());
    for (const g of listed) expect(Number.isNaN(Date.parse(g.createdAt))).toBe(false);
    // The order survives a restart (the SQLite read model keeps it).
    app = await app.restart();
    expect((await app.http().get('/games').expect(200)).body.games).toEqual(listed);
  });

  it('resumes after a restart with the same list', async () => {
    const game = await createGame(app);
    const before = (await app.http().get('/games').expect(200)).body;
    app = await app.restart();
    expect((await app.http().get('/games').expect(200)).body).toEqual(before);
    expect(before.games[0].gameId).toBe(game.gameId);
  });

  it('refuses an unknown status or a bad limit with 400', async () => {
    await app.http().get('/games?status=sunk').expect(400);
    await app.http().get('/games?limit=0').expect(400);
  });
});

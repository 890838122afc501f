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

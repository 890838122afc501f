// Analytics over HTTP: per game, per scenario and across games with filters, charts as SVG,
// bad input as 400 and an unknown game as 404; simulated games are told apart from played ones.
import { builtInScenario } from '@logbook/content';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { recordSimulatedGame, simulateGame } from '@logbook/app-core';
import { asText, createGame, play, send } from './support/api';
import { startApp, type TestApp } from './support/app';

describe('analytics over HTTP', () => {
  let app: TestApp;
  let played: string;

  beforeAll(async () => {
    app = await startApp();
    const game = await createGame(app, 'first-voyage', 1);
    played = game.gameId;
    await play(app, played, game.seats[0]!, { type: 'EndTurn' });
    const store = app.app.get<EventStore>(EVENT_STORE);
    for (let index = 0; index < 3; index++) {
      const simulated = simulateGame({ scenario: builtInScenario('first-voyage')!, players: 1, bot: 'idle', seed: 4, index });
      await recordSimulatedGame(store, simulated, { simulated: true, bot: 'idle', seed: 4, index, gameSeed: simulated.gameSeed });
    }
  });
  afterAll(() => app.dispose());

  it("GET /analytics/games/:id gives a game's figures", async () => {
    const res = await app.http().get(`/analytics/games/${played}`).expect(200);
    expect(res.body).toMatchObject({ gameId: played, scenarioId: 'first-voyage', status: 'active', turns: 2, rounds: 2, simulated: null });
    expect(res.body.seats).toEqual([{ seat: 1, name: 'Player 1', characterId: expect.any(String) }]);
    expect(res.body).not.toHaveProperty('hexTiles');
  });

  it('GET /analytics/scenarios/:scenario tells simulated games (by bot) from played ones', async () => {
    const res = await app.http().get('/analytics/scenarios/first-voyage').expect(200);
    expect(res.body.scenarioId).toBe('first-voyage');
    expect(res.body.winRates).toEqual([
      expect.objectContaining({ player: 'human', games: 1, finished: 0 }),
      expect.objectContaining({ player: 'idle', games: 3, finished: 3, won: 0, winRate: 0 }),
    ]);
  });

  it('GET /analytics/summary filters by simulated, bot, player and date range', async () => {
    const count = async (query: string) => (await app.http().get(`/analytics/summary${query}`).expect(200)).body.games as number;
    expect(await count('?scenario=first-voyage&simulated=false&player=Player%201&to=2999-01-01T00:00:00Z')).toBe(1);
    expect(await count('')).toBe(4);
    expect(await count('?simulated=false')).toBe(1);
    expect(await count('?simulated=true&bot=idle')).toBe(3);
    expect(await count('?player=Player%201')).toBe(1);
    expect(await count('?player=idle%20bot%201&scenario=first-voyage')).toBe(3);
    expect(await count('?from=2000-01-01T00:00:00Z&to=2001-01-01T00:00:00Z')).toBe(0);
    expect(await count(`?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).toBe(4);
  });

  it('serves charts as SVG', async () => {
    const res = await app.http().get('/analytics/scenarios/first-voyage/charts/win-rate.svg').buffer(true).parse(asText).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg/);
    await app.http().get('/analytics/charts/plunder-fit.svg?simulated=true').expect(200);
  });

  it('follows undo and redo: an undone exploration leaves the figures, a redone one comes back', async () => {
    const game = await createGame(app, 'first-voyage', 1, 'sandbox');
    const seat = game.seats[0]!;
    const figures = async () => (await app.http().get(`/analytics/games/${game.gameId}`).expect(200)).body;
    // A setup plunder roll of 6 leaves the choice of type open (refused when it did not).
    await send(app, game.gameId, seat, { type: 'ChoosePlunderType', cardType: 'weapon' });
    await play(app, game.gameId, seat, { type: 'Navigate', steps: [{ action: 'move' }, { action: 'explore' }] });
    expect(await figures()).toMatchObject({ clues: 2, tilesExplored: 1, undos: 0, redos: 0 });
    await play(app, game.gameId, seat, { type: 'Undo' });
    expect(await figures()).toMatchObject({ clues: 0, tilesExplored: 0, navigation: { orders: 0 }, undos: 1, redos: 0 });
    await play(app, game.gameId, seat, { type: 'Redo' });
    expect(await figures()).toMatchObject({ clues: 2, tilesExplored: 1, undos: 1, redos: 1 });
  });

  it('answers bad input with 400 and an unknown game with 404', async () => {
    await app.http().get('/analytics/summary?simulated=maybe').expect(400);
    await app.http().get('/analytics/summary?from=yesterday').expect(400);
    await app.http().get('/analytics/summary?colour=red').expect(400);
    await app.http().get('/analytics/summary?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z').expect(400);
    await app.http().get('/analytics/charts/pie.svg').expect(400);
    await app.http().get('/analytics/games/no-such-game').expect(404);
    await app.http().get('/analytics/games/bad%20id').expect(400);
  });

  it("GET /analytics/games/:id answers for a fork: its scenario and starting board from the fork's public face, never its sealed board", async () => {
    const game = await createGame(app, 'first-voyage', 1);
    const seat = game.seats[0]!;
    await send(app, game.gameId, seat, { type: 'ChoosePlunderType', cardType: 'weapon' });
    await play(app, game.gameId, seat, { type: 'Navigate', steps: [{ action: 'move' }, { action: 'explore' }] });
    const { revision } = await play(app, game.gameId, seat, { type: 'EndTurn' });
    const source = (await app.http().get(`/analytics/games/${game.gameId}`).expect(200)).body;
    const fork = await app
      .http()
      .post(`/games/${game.gameId}/fork`)
      .set({ authorization: `Bearer ${seat.token}` })
      .send({ at: revision })
      .expect(201);
    const forkId = fork.body.gameId as string;
    const figures = async () => (await app.http().get(`/analytics/games/${forkId}`).expect(200)).body;
    const before = await figures();
    expect(before).toMatchObject({
      gameId: forkId,
      scenarioId: 'first-voyage',
      scenarioName: 'First Voyage',
      clueGoal: source.clueGoal,
      status: 'active',
      forkedFrom: { gameId: game.gameId, revision },
      // The party's clues and round carry over; tiles explored and turns count the fork's own play.
      clues: source.clues,
      rounds: source.rounds,
      tilesExplored: 0,
      turns: 0,
      coveredHexes: source.coveredHexes,
    });
    expect(source.forkedFrom).toBeNull();
    // The fork's own play counts from there.
    await play(app, fork.body.gameId, fork.body.seats[0], { type: 'EndTurn' });
    expect(await figures()).toMatchObject({ turns: 1, rounds: source.rounds + 1 });
    // Nothing hidden: no tile of the stack is named (nor any part of the sealed board).
    const text = JSON.stringify(await figures());
    for (const tileId of builtInScenario('first-voyage')!.stack) expect(text).not.toContain(tileId);
    for (const hidden of ['"stack"', '"hand"', '"deck"', '"box"', '"plunder":[', '"secret"', '"draws"']) expect(text).not.toContain(hidden);
    // The fork is counted with its scenario's games.
    const scenario = await app.http().get('/analytics/summary?scenario=first-voyage&simulated=false').expect(200);
    expect(scenario.body.games).toBeGreaterThanOrEqual(3);
  });
});

import { seededRng } from '@logbook/rules';
import { createGame, play, send, view } from './support/api';
import { startApp, type TestApp } from './support/app';

describe('walking skeleton: one order end to end on the embedded store', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startApp();
  });

  afterEach(() => app.dispose());

  it('reports the store in use on /health', async () => {
    const res = await app.http().get('/health').expect(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      store: { kind: 'sqlite', status: 'up', integrity: 'ok' },
      readModels: { 'game-states': { status: 'running', reconnects: 0 } },
    });
  });

  it('creates a game, moves and turns a ship, and shows the same board after a restart', async () => {
    const game = await createGame(app);
    const [seat] = game.seats;
    expect(game.seats).toEqual([{ seat: 1, name: 'Player 1', token: expect.any(String) }]);

    await play(app, game.gameId, seat, { type: 'StartNavigation' });
    const moved = await play(app, game.gameId, seat, { type: 'MoveShip' });
    expect(moved.events.map((e) => e.type)).toContain('ShipMoved');
    await play(app, game.gameId, seat, { type: 'TurnShip', direction: 'cw' });
    await play(app, game.gameId, seat, { type: 'EndNavigation' });

    const before = await view(app, game.gameId, seat);
    expect(before.ships[0]).toMatchObject({ shipId: 'gull', hex: { q: 0, r: -1 }, facing: 1 });
    expect(before.navigation).toBeNull();

    app = await app.restart();
    expect(await view(app, game.gameId, seat)).toEqual(before);
  });

  it('answers 401 without a seat token, 403 with a wrong one, and 404 for an unknown game', async () => {
    const game = await createGame(app);
    await send(app, game.gameId, null, { type: 'StartNavigation' }).expect(401);
    await send(app, game.gameId, { seat: 1, name: 'x', token: 'not-a-real-token-at-all' }, { type: 'StartNavigation' }).expect(403);
    await send(app, 'no-such-game', game.seats[0], { type: 'StartNavigation' }).expect(404);
  });

  it('authenticates seats at the edge: 404 before 401, 403 on the read side too, spectators may read', async () => {
    const game = await createGame(app);
    await send(app, 'no-such-game', null, { type: 'StartNavigation' }).expect(404);
    await send(app, 'bad id!', null, { type: 'StartNavigation' }).expect(400);
    const wrong = 'Bearer not-a-real-token-at-all';
    await app.http().get(`/games/${game.gameId}`).set('authorization', wrong).expect(403);
    await app.http().get(`/games/${game.gameId}/events`).set('authorization', wrong).expect(403);
    const spectator = await app.http().get(`/games/${game.gameId}/events`).expect(200);
    expect(spectator.body.events.length).toBeGreaterThan(0);
    expect(JSON.stringify(spectator.body)).not.toContain('"secret"');
    await app.http().get(`/games/${game.gameId}`).expect(200);
  });

  it('rejects unknown fields with 400 and changes nothing', async () => {
    const game = await createGame(app);
    const res = await send(app, game.gameId, game.seats[0], { type: 'TurnShip', direction: 'cw', speed: 3 }).expect(400);
    expect(res.body.detail).toContain('speed');
    expect((await view(app, game.gameId)).revision).toBe(game.revision);
  });

  it('answers a rule violation with 422 and the rule that forbids it', async () => {
    const game = await createGame(app);
    const res = await send(app, game.gameId, game.seats[0], { type: 'MoveShip' }).expect(422);
    expect(res.body).toMatchObject({ type: '/problems/rule-violation', rule: 'navigation.no-open-order' });
  });

  it('applies a resent commandId once', async () => {
    const game = await createGame(app);
    const body = { commandId: 'same-id', type: 'StartNavigation' };
    const auth = `Bearer ${game.seats[0].token}`;
    const first = await app.http().post(`/games/${game.gameId}/commands`).set('Authorization', auth).send(body).expect(200);
    const again = await app.http().post(`/games/${game.gameId}/commands`).set('Authorization', auth).send(body).expect(200);
    expect(again.body).toEqual(first.body);
    expect((await view(app, game.gameId)).revision).toBe(first.body.revision);
  });

  it('answers 409 to a stale If-Match revision', async () => {
    const game = await createGame(app);
    await play(app, game.gameId, game.seats[0], { type: 'StartNavigation' });
    await app
      .http()
      .post(`/games/${game.gameId}/commands`)
      .set('Authorization', `Bearer ${game.seats[0].token}`)
      .set('If-Match', `"${game.revision}"`)
      .send({ commandId: 'stale', type: 'MoveShip' })
      .expect(409);
  });

  it('answers malformed JSON with 400', async () => {
    const game = await createGame(app);
    await app.http().post(`/games/${game.gameId}/commands`).set('Content-Type', 'application/json').send('{"type": ').expect(400);
  });
});

describe('replay and seek', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.dispose());

  it('shows the board as it stood at any revision', async () => {
    const game = await createGame(app);
    const [seat] = game.seats;
    await play(app, game.gameId, seat, { type: 'StartNavigation' });
    const moved = await play(app, game.gameId, seat, { type: 'MoveShip' });
    await play(app, game.gameId, seat, { type: 'EndNavigation' });

    const atStart = (await app.http().get(`/games/${game.gameId}?at=${game.revision}`).expect(200)).body;
    expect(atStart.revision).toBe(game.revision);
    expect(atStart.ships[0].hex).toEqual({ q: 0, r: 0 });
    const afterMove = (await app.http().get(`/games/${game.gameId}?at=${moved.revision}`).expect(200)).body;
    expect(afterMove.ships[0].hex).toEqual({ q: 0, r: -1 });
    expect(afterMove.navigation).not.toBeNull();
  });

  it('answers 400 for a revision the game has not reached', async () => {
    const game = await createGame(app);
    await app
      .http()
      .get(`/games/${game.gameId}?at=${game.revision + 1}`)
      .expect(400);
    await app.http().get(`/games/${game.gameId}?at=-1`).expect(400);
  });
});

describe('commands sent at the same moment', () => {
  let app: TestApp;

  // Seed 7: the setup plunder roll asks no choice, so the first turn is open to orders.
  beforeEach(async () => {
    app = await startApp({ rng: seededRng(7) });
  });

  afterEach(() => app.dispose());

  it('applies the same commandId once even when both copies arrive together', async () => {
    const game = await createGame(app);
    const send = () =>
      app
        .http()
        .post(`/games/${game.gameId}/commands`)
        .set('Authorization', `Bearer ${game.seats[0].token}`)
        .send({ commandId: 'twice-at-once', type: 'EndTurn' });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    const events = (await app.http().get(`/games/${game.gameId}/events`).expect(200)).body.events;
    expect(events.filter((e: { type: string }) => e.type === 'TurnEnded')).toHaveLength(1);
  });

  it('decides racing orders one after the other against the latest state', async () => {
    const game = await createGame(app);
    const [seat] = game.seats;
    const results = await Promise.all([1, 2, 3, 4].map(() => send(app, game.gameId, seat, { type: 'StartNavigation' })));
    // One opens the order; the others meet it open and are refused by the rules, not by a crash.
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
    for (const refused of results.filter((r) => r.status === 422)) expect(refused.body.rule).toBe('navigation.order-in-progress');
    const revisions = (await app.http().get(`/games/${game.gameId}/events`).expect(200)).body.events.map((e: { revision: number }) => e.revision);
    expect(revisions).toEqual(revisions.map((_: number, i: number) => i));
  });
});

describe('conditional reads', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.dispose());

  it('answers 304 while the game has not moved on from the revision the client holds', async () => {
    const game = await createGame(app);
    const first = await app.http().get(`/games/${game.gameId}`).expect(200);
    expect(first.headers.etag).toBe(`"${game.revision}"`);
    expect(first.headers.vary).toContain('Authorization');
    await app.http().get(`/games/${game.gameId}`).set('If-None-Match', first.headers.etag).expect(304);
  });
});

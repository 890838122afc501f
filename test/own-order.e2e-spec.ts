// One round trip per navigation action over HTTP (RULES.md, navigation.own-order and
// navigation.end-with-turn): a move that opens its order, EndNavigation that ends the turn, each
// one action with its commandId, validated at the edge and refused with the parts' rule ids.
import { seededRng } from '@logbook/rules';
import { asText, createGame, play, send, view } from './support/api';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

const OPERATOR = 'operator-token-for-own-order';

describe('a Navigation order given in one command per action', () => {
  let app: TestApp;

  useOperatorToken(OPERATOR);

  beforeEach(async () => {
    // A seed whose setup plunder rolls ask no choice.
    app = await startApp({ rng: seededRng(7) });
  });

  afterEach(() => app.dispose());

  it('opens the order with the first move and ends the turn with the order: one action each', async () => {
    const game = await createGame(app, 'twin-sails', 2);
    const [first] = game.seats;
    const moved = await send(app, game.gameId, first, { commandId: 'own-1', type: 'MoveShip', startNavigation: true }).expect(200);
    expect(moved.body.events.map((e: { type: string }) => e.type)).toEqual(['NavigationOrderIssued', 'ShipMoved']);

    // The same commandId again answers the same action; nothing new is recorded.
    const again = await send(app, game.gameId, first, { commandId: 'own-1', type: 'MoveShip', startNavigation: true }).expect(200);
    expect(again.body).toEqual(moved.body);

    // The order is open now: a second opening is refused as StartNavigation would be.
    const refused = await send(app, game.gameId, first, { type: 'TurnShip', direction: 'cw', startNavigation: true }).expect(422);
    expect(refused.body).toMatchObject({ rule: 'navigation.order-in-progress' });

    const ended = await play(app, game.gameId, first, { type: 'EndNavigation', endTurn: true });
    expect(ended.events.map((e) => e.type).slice(0, 2)).toEqual(['NavigationOrderCompleted', 'TurnEnded']);
    const board = await view(app, game.gameId, first);
    expect(board).toMatchObject({ activeSeat: 2, revision: ended.revision, navigation: null });
  });

  it('is undone as one action', async () => {
    const game = await createGame(app, 'twin-sails', 2);
    const [first] = game.seats;
    const before = await view(app, game.gameId, first);
    await play(app, game.gameId, first, { type: 'MoveShip', startNavigation: true });
    expect((await view(app, game.gameId, first)).navigation).toMatchObject({ shipId: 'gull' });
    await play(app, game.gameId, first, { type: 'Undo' });
    const after = await view(app, game.gameId, first);
    expect(after.navigation).toBeNull();
    expect({ ships: after.ships, ordersLeft: after.ordersLeft }).toEqual({ ships: before.ships, ordersLeft: before.ordersLeft });
  });

  it('refuses a flag that is not a boolean with 400, and records nothing', async () => {
    const game = await createGame(app, 'twin-sails', 2);
    const [first] = game.seats;
    const bad = await send(app, game.gameId, first, { type: 'MoveShip', startNavigation: 'yes' }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('startNavigation');
    const badEnd = await send(app, game.gameId, first, { type: 'EndNavigation', endTurn: 1 }).expect(400);
    expect(JSON.stringify(badEnd.body)).toContain('endTurn');
    expect((await view(app, game.gameId, first)).revision).toBe(game.revision);
  });

  it('is recorded as the command sent: the timeline says it, an import decides it again, a fork starts after it', async () => {
    const game = await createGame(app, 'twin-sails', 2);
    const [first] = game.seats;
    const opened = await play(app, game.gameId, first, { commandId: 'open-and-move', type: 'MoveShip', startNavigation: true });
    await play(app, game.gameId, first, { commandId: 'end-with-turn', type: 'EndNavigation', endTurn: true });

    const timeline = await app.http().get(`/games/${game.gameId}/timeline`).expect(200);
    const said = JSON.stringify(timeline.body);
    expect(said).toContain('issued a Navigation order and sailed ahead');
    expect(said).toContain('ended the Navigation order and the turn');

    const exported = await app.http().get(`/games/${game.gameId}/export`).set('Authorization', `Bearer ${OPERATOR}`).buffer(true).parse(asText).expect(200);
    const lines = (exported.body as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { commandId?: string; command?: Record<string, unknown> });
    expect(lines.find((l) => l.commandId === 'open-and-move')?.command).toEqual({ type: 'MoveShip', startNavigation: true });
    const imported = await app
      .http()
      .post('/games/import')
      .set({ 'Content-Type': 'application/x-ndjson', Authorization: `Bearer ${OPERATOR}` })
      .send(exported.body as string)
      .expect(201);
    expect(imported.body).toMatchObject({ importedFrom: game.gameId, revision: (await view(app, game.gameId)).revision });

    // A fork may start where the action that opened the order ends, with the order open.
    const fork = await app.http().post(`/games/${game.gameId}/fork`).set('Authorization', `Bearer ${first.token}`).send({ at: opened.revision }).expect(201);
    const forked = fork.body as { gameId: string; seats: Array<{ seat: number; token: string; name: string }> };
    const mine = forked.seats.find((s) => s.seat === 1)!;
    expect((await view(app, forked.gameId, mine)).navigation).toMatchObject({ shipId: 'gull' });
    await play(app, forked.gameId, mine, { type: 'EndNavigation', endTurn: true });
  });
});

// One round trip per navigation action over HTTP (RULES.md, navigation.own-order and
// navigation.end-with-turn): a move that opens its order, EndNavigation that ends the turn, each
// one action with its commandId, validated at the edge and refused with the parts' rule ids.
import { seededRng } from '@logbook/rules';
import { createGame, play, send, view } from './support/api';
import { startApp, type TestApp } from './support/app';

describe('a Navigation order given in one command per action', () => {
  let app: TestApp;

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
});

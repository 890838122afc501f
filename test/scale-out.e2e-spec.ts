// Several servers on one store (how EventStoreDB scales out): two app instances share one event
// store; each keeps its own cache and read models, and they must agree through the log alone.
import { InMemoryEventStore } from '@logbook/event-store';
import { seededRng } from '@logbook/rules';
import { createGame, play, view } from './support/api';
import { startApp, type TestApp } from './support/app';

describe('two servers on one event store', () => {
  let store: InMemoryEventStore;
  let east: TestApp;
  let west: TestApp;

  beforeEach(async () => {
    store = new InMemoryEventStore();
    east = await startApp({ store, rng: seededRng(7) });
    west = await startApp({ store, rng: seededRng(7) });
  });

  afterEach(async () => {
    await east.dispose();
    await west.dispose();
  });

  it('serves a game created on one server from the other, orders alternating between them', async () => {
    const game = await createGame(east);
    const [seat] = game.seats;
    await play(west, game.gameId, seat, { type: 'StartNavigation' });
    await play(east, game.gameId, seat, { type: 'MoveShip' });
    await play(west, game.gameId, seat, { type: 'TurnShip', direction: 'cw' });
    await play(east, game.gameId, seat, { type: 'EndNavigation' });
    const [fromEast, fromWest] = [await view(east, game.gameId, seat), await view(west, game.gameId, seat)];
    expect(fromWest).toEqual(fromEast);
    expect(fromEast.ships[0]).toMatchObject({ hex: { q: 0, r: -1 }, facing: 1 });
  });

  it('applies a command once when both servers receive it at the same moment', async () => {
    const game = await createGame(east);
    const auth = `Bearer ${game.seats[0].token}`;
    const body = { commandId: 'same-order', type: 'StartNavigation' };
    const [a, b] = await Promise.all([east, west].map((app) => app.http().post(`/games/${game.gameId}/commands`).set('Authorization', auth).send(body)));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    const events = (await west.http().get(`/games/${game.gameId}/events`).expect(200)).body.events;
    expect(events.filter((e: { type: string }) => e.type === 'NavigationOrderIssued')).toHaveLength(1);
  });

  it('decides racing orders on both servers against the latest state: one wins, the other meets the rules', async () => {
    const game = await createGame(east);
    const [seat] = game.seats;
    const [a, b] = await Promise.all(
      [east, west].map((app) =>
        app
          .http()
          .post(`/games/${game.gameId}/commands`)
          .set('Authorization', `Bearer ${seat.token}`)
          .send({ commandId: `start-${app === east ? 'east' : 'west'}`, type: 'StartNavigation' }),
      ),
    );
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect([a, b].find((r) => r.status === 422)!.body.rule).toBe('navigation.order-in-progress');
  });

  it('agrees on undo and redo made on either server, through the log alone', async () => {
    const game = await createGame(east, 'first-voyage', 1, 'sandbox');
    const [seat] = game.seats;
    await play(east, game.gameId, seat, { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] });
    await play(east, game.gameId, seat, { type: 'Navigate', steps: [{ action: 'move' }] });
    await play(west, game.gameId, seat, { type: 'Undo' });
    await play(east, game.gameId, seat, { type: 'Undo' });
    await play(west, game.gameId, seat, { type: 'Redo' });
    const [fromEast, fromWest] = [await view(east, game.gameId, seat), await view(west, game.gameId, seat)];
    expect(fromWest).toEqual(fromEast);
    expect(fromEast.ships[0]).toMatchObject({ hex: { q: 0, r: 0 }, facing: 1 });
    expect(fromEast.redo).toMatchObject({ seat: 1, by: [1] });
  });
});

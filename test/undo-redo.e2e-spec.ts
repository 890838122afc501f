// Undo, redo and the options over HTTP: every standard-mode refusal is a 422 with its own rule
// id; sandbox undoes back to the start; the options name no hidden information.
import { builtInScenario } from '@logbook/content';
import type { TileDefinition } from '@logbook/rules';
import { LOOKOUT, NAVIGATOR, sea, stackTile } from '@logbook/rules/navigation/testing/sea-kit';
import { createGame, play, send, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { noSixes, rim, turnCw } from './support/history-fixtures';

describe('undo and redo over HTTP', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ rng: noSixes() });
  });

  afterAll(() => app.dispose());

  const refused = async (gameId: string, seat: Seat, command: Record<string, unknown>) => {
    const res = await send(app, gameId, seat, command);
    return [res.status, res.body.rule];
  };

  describe('in standard mode', () => {
    it('undoes the seat’s last action and redoes it with the same events', async () => {
      const game = await createGame(app, rim(), 1);
      const [me] = game.seats;
      const before = await view(app, game.gameId, me);
      const turned = await play(app, game.gameId, me, turnCw);
      const undone = await play(app, game.gameId, me, { type: 'Undo' });
      expect(undone.events).toEqual([expect.objectContaining({ type: 'ActionUndone', data: expect.objectContaining({ seat: 1 }) })]);
      const afterUndo = await view(app, game.gameId, me);
      expect(afterUndo.ships).toEqual(before.ships);
      expect(afterUndo.ordersLeft).toBe(before.ordersLeft);
      expect(afterUndo.redo).toMatchObject({ seat: 1, by: [1] });
      await play(app, game.gameId, me, { type: 'Redo' });
      const afterRedo = await view(app, game.gameId, me);
      expect(afterRedo.ships[0].facing).toBe(1);
      expect(afterRedo.undo).toMatchObject({ seat: 1, by: [1] });
      expect(turned.events.map((e) => e.type)).toContain('ShipTurned');
    });

    it('refuses undo.nothing-to-undo and redo.nothing-to-redo', async () => {
      const game = await createGame(app, rim(), 1);
      expect(await refused(game.gameId, game.seats[0], { type: 'Undo' })).toEqual([422, 'undo.nothing-to-undo']);
      expect(await refused(game.gameId, game.seats[0], { type: 'Redo' })).toEqual([422, 'redo.nothing-to-redo']);
    });

    it('refuses undo.not-your-action and redo.not-your-action', async () => {
      const game = await createGame(app, rim(), 2);
      const [one, two] = game.seats;
      await play(app, game.gameId, one, turnCw);
      expect(await refused(game.gameId, two, { type: 'Undo' })).toEqual([422, 'undo.not-your-action']);
      await play(app, game.gameId, one, { type: 'Undo' });
      expect(await refused(game.gameId, two, { type: 'Redo' })).toEqual([422, 'redo.not-your-action']);
    });

    it('refuses undo.not-this-turn for an action that ended the turn', async () => {
      const game = await createGame(app, rim(), 2);
      await play(app, game.gameId, game.seats[0], { type: 'EndTurn' });
      expect(await refused(game.gameId, game.seats[0], { type: 'Undo' })).toEqual([422, 'undo.not-this-turn']);
    });

    it('refuses undo.revealed for an explore (it showed the next tile)', async () => {
      const game = await createGame(app, rim(), 1);
      await play(app, game.gameId, game.seats[0], { type: 'StartNavigation' });
      await play(app, game.gameId, game.seats[0], { type: 'ExploreTile' });
      expect(await refused(game.gameId, game.seats[0], { type: 'Undo' })).toEqual([422, 'undo.revealed']);
    });

    it('refuses undo.window-open while the structural damage window is open', async () => {
      const twoNavigators = [NAVIGATOR, { ...NAVIGATOR, crewId: 'ash', node: 'navigation-2' }];
      const stormy = sea({ storms: [{ q: 0, r: 0 }], ship: { card: 'iron-widow', crew: twoNavigators }, stack: [stackTile('far', 1, 12)] });
      const game = await createGame(app, stormy, 1);
      await play(app, game.gameId, game.seats[0], { type: 'StartNavigation' });
      await play(app, game.gameId, game.seats[0], { type: 'TurnShip', direction: 'cw' });
      expect((await view(app, game.gameId, game.seats[0])).waitingFor).toMatchObject({ kind: 'structural-damage', resolvedBy: 1 });
      expect(await refused(game.gameId, game.seats[0], { type: 'Undo' })).toEqual([422, 'undo.window-open']);
    });
  });

  it('refuses game.over once a standard scenario is won: a finished game is a record (sandbox undoes it: takeback.e2e-spec.ts)', async () => {
    const quick = sea({ radius: 1, ship: { hex: { q: 0, r: -1 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] }, stack: [stackTile('misty', 1, 12)] });
    const game = await createGame(app, quick, 1, 'standard');
    await play(app, game.gameId, game.seats[0], { type: 'StartNavigation' });
    await play(app, game.gameId, game.seats[0], { type: 'ExploreTile' });
    expect((await view(app, game.gameId, game.seats[0])).status).toBe('won');
    expect(await refused(game.gameId, game.seats[0], { type: 'Undo' })).toEqual([422, 'game.over']);
  });

  describe('in sandbox mode', () => {
    it('undoes every action, across draws and turns, back to the start', async () => {
      const game = await createGame(app, rim(), 2, 'sandbox');
      const [one, two] = game.seats;
      const start = await view(app, game.gameId, one);
      await play(app, game.gameId, one, { type: 'StartNavigation' });
      await play(app, game.gameId, one, { type: 'ExploreTile' });
      await play(app, game.gameId, one, { type: 'EndNavigation' });
      await play(app, game.gameId, one, { type: 'EndTurn' });
      await play(app, game.gameId, two, { type: 'SetFollowShip', follow: false });
      let undone = 0;
      while ((await view(app, game.gameId, two)).undo) {
        await play(app, game.gameId, two, { type: 'Undo' });
        undone++;
      }
      expect(undone).toBe(5);
      const end = await view(app, game.gameId, one);
      const comparable = (board: Record<string, unknown>) => ({ ...board, revision: 0, undo: null, redo: null });
      expect(comparable(end)).toEqual(comparable(start));
      expect(await refused(game.gameId, one, { type: 'Undo' })).toEqual([422, 'undo.nothing-to-undo']);
    });
  });
});

describe('GET /games/:id/options', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ rng: noSixes() });
  });

  afterAll(() => app.dispose());

  const options = (gameId: string, seat?: Seat) => {
    const req = app.http().get(`/games/${gameId}/options`);
    if (seat) req.set('Authorization', `Bearer ${seat.token}`);
    return req;
  };

  it('lists what the caller’s seat may send now, with costs; a spectator gets none', async () => {
    const game = await createGame(app, rim(), 2);
    const [one, two] = game.seats;
    const mine = (await options(game.gameId, one).expect(200)).body;
    expect(mine).toMatchObject({ revision: game.revision, seat: 1 });
    expect(mine.options).toContainEqual({ command: { type: 'StartNavigation' }, cost: { orders: 1 }, label: 'Start navigation' });
    expect(mine.options).toContainEqual({ command: { type: 'EndTurn' }, cost: {}, label: 'End turn' });
    expect(mine.waitingFor).toEqual({ kind: 'turn', seat: 1, navigationOrderOpen: false });
    const theirs = (await options(game.gameId, two).expect(200)).body;
    expect(theirs.options.map((o: { command: { type: string } }) => o.command.type)).not.toContain('EndTurn');
    expect((await options(game.gameId).expect(200)).body).toMatchObject({ seat: null, options: [] });
    await options('no-such-game', one).expect(404);
  });

  it('lists Undo once there is something the seat may undo', async () => {
    const game = await createGame(app, rim(), 1);
    await play(app, game.gameId, game.seats[0], turnCw);
    const body = (await options(game.gameId, game.seats[0]).expect(200)).body;
    expect(body.options).toContainEqual({ command: { type: 'Undo' }, cost: {}, label: 'Undo' });
  });

  it('names no hidden information: the same options whether the next tile fits or not, and no unplaced tile, box card or other hand', async () => {
    // A cove between two arms of the disc: the flower-shaped tile fits there at no rotation, a
    // one-hex tile fits. Which one the stack holds is hidden.
    const cove = (tile: TileDefinition) =>
      sea({
        radius: 2,
        ship: { hex: { q: 0, r: 0 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] },
        tweak: (s) => {
          const [disc] = s.tiles;
          if (disc) disc.hexes = disc.hexes.filter((h) => !(h.q === 0 && h.r === -1));
        },
        stack: [tile],
      });
    const game = await createGame(app, cove(stackTile('misty', 1, 12)), 2);
    const twin = await createGame(app, cove({ tileId: 'dot', act: 1, clues: 12, hexes: [{ q: 0, r: 0, terrain: 'sea' }] }), 2);
    for (const g of [game, twin]) await play(app, g.gameId, g.seats[0], { type: 'StartNavigation' });
    const a = (await options(game.gameId, game.seats[0]).expect(200)).body.options;
    const b = (await options(twin.gameId, twin.seats[0]).expect(200)).body.options;
    expect(a).toEqual(b);
    expect(a).toContainEqual({
      command: { type: 'ExploreTile' },
      cost: { navigationPoints: 1 },
      dependsOnHidden: true,
      label: 'Explore ahead (the tile is placed the first way it fits)',
    });
    const text = JSON.stringify(a);
    for (const hidden of ['misty', 'dot']) expect(text).not.toContain(hidden);
    for (const cardId of builtInScenario('first-voyage')!.box) expect(text).not.toContain(`"${cardId}"`);
    const seatTwo = (await view(app, game.gameId, game.seats[1])).characters.find((c: { seat: number }) => c.seat === 2);
    for (const cardId of seatTwo?.hand ?? []) expect(text).not.toContain(`"${cardId}"`);
    // The difference the options kept quiet about is real.
    expect((await send(app, game.gameId, game.seats[0], { type: 'ExploreTile' })).body.rule).toBe('explore.no-fit');
    await play(app, twin.gameId, twin.seats[0], { type: 'ExploreTile' });
  });
});

// Scenarios as data through the API: POST /games takes a whole scenario document, validated by
// libs/content's parseScenario, and refuses an invalid one with 400 naming each field and why.
import { builtInScenario } from '@logbook/content';
import { createGame, play, view } from './support/api';
import { startApp, type TestApp } from './support/app';

describe('inline scenario documents at POST /games', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startApp();
  });

  afterEach(() => app.dispose());

  it('starts a game from a valid document, with its defaults filled in', async () => {
    const doc: Record<string, unknown> = { ...builtInScenario('first-voyage')!, id: 'inline-voyage', name: 'Inline Voyage' };
    delete doc.ordersPerTurn;
    const game = await createGame(app, doc, 1);
    const board = await view(app, game.gameId, game.seats[0]);
    expect(board).toMatchObject({ scenario: { id: 'inline-voyage' }, ordersLeft: 3 });
    const moved = await play(app, game.gameId, game.seats[0], { type: 'Navigate', steps: [{ action: 'move' }] });
    expect(moved.events.map((e) => e.type)).toContain('ShipMoved');
  });

  it('refuses an invalid document with 400, one line per field and why', async () => {
    const doc = builtInScenario('twin-sails') as unknown as { tiles: Array<{ hexes: Array<{ terrain: string }> }>; stack: string[] };
    doc.tiles[1].hexes[2].terrain = 'lava';
    const res = await app
      .http()
      .post('/games')
      .send({ scenario: doc, players: [{ name: 'Ann' }] })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain('tiles[1].hexes[2].terrain: must be one of the following values');

    const dangling = builtInScenario('twin-sails')!;
    dangling.stack[0] = 'atlantis';
    const again = await app
      .http()
      .post('/games')
      .send({ scenario: dangling, players: [{ name: 'Ann' }] })
      .expect(400);
    expect(JSON.stringify(again.body)).toContain('stack[0]: no tile \\"atlantis\\"');
  });
});

import type { AddressInfo } from 'node:net';
import { createGame, play } from './support/api';
import { startApp, type TestApp } from './support/app';
import { readSse } from './support/sse';

describe('live feed of a game (server-sent events)', () => {
  let app: TestApp;
  let base: string;

  beforeEach(async () => {
    app = await startApp();
    await app.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterEach(() => app.dispose());

  it('sends the history, then each new event once, in revision order', async () => {
    const game = await createGame(app);
    const [seat] = game.seats;
    const { status, messages } = await readSse(
      `${base}/games/${game.gameId}/live`,
      { Authorization: `Bearer ${seat.token}` },
      (m) => m.some((x) => x.event === 'NavigationOrderCompleted'),
      async () => {
        await play(app, game.gameId, seat, { type: 'StartNavigation' });
        await play(app, game.gameId, seat, { type: 'EndNavigation' });
      },
    );
    expect(status).toBe(200);
    const revisions = messages.map((m) => Number(m.id));
    expect(revisions).toEqual(revisions.map((_, i) => i));
    expect(messages[0].event).toBe('GameCreated');
    expect(messages.map((m) => m.event)).toEqual(expect.arrayContaining(['NavigationOrderIssued', 'NavigationOrderCompleted']));
  });

  it('starts from a revision and never shows a spectator the hidden part of an event', async () => {
    const game = await createGame(app);
    const { messages } = await readSse(`${base}/games/${game.gameId}/live?from=0`, {}, (m) => m.length >= game.revision + 1);
    expect(messages[0].event).toBe('GameCreated');
    for (const m of messages) expect(m.data).not.toHaveProperty('secret');
    // Neither the stack's order nor the faces of unplaced tiles reach a spectator.
    const feed = JSON.stringify(messages);
    for (const unplaced of ['misty-reach', 'shrine-isle', 'smugglers-cove', 'wreck-shoals', 'drowned-crown']) {
      expect(feed).not.toContain(unplaced);
    }
  });

  it('ends open feeds when the server shuts down, so a client never holds up a stop', async () => {
    const game = await createGame(app);
    const { messages } = await readSse(
      `${base}/games/${game.gameId}/live`,
      {},
      () => false,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await app.close();
      },
    );
    expect(messages.length).toBe(game.revision + 1);
  });

  it('answers 404 for an unknown game and 403 for a wrong token', async () => {
    const game = await createGame(app);
    expect((await readSse(`${base}/games/nope/live`, {}, () => true)).status).toBe(404);
    const wrong = await readSse(`${base}/games/${game.gameId}/live`, { Authorization: 'Bearer not-a-seat-token-of-this-game' }, () => true);
    expect(wrong.status).toBe(403);
  });
});

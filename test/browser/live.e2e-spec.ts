// Live in the browser: a spectator's page follows the game by itself (the live feed), sees a move
// made on a seat's page arrive, and keeps following after its connection is dropped.
import type { Socket } from 'node:net';
import { createGame, play } from '../support/api';
import { shipOnPage, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

describe('following a game live in the browser', () => {
  let h: BrowserHarness;
  const feeds = new Set<Socket>();
  beforeAll(async () => {
    h = await startBrowserHarness();
    // Remember the sockets that carry live feeds, to cut them like a flaky network would.
    h.app.app.getHttpServer().on('request', (req: { url?: string; socket: Socket }) => {
      if (req.url?.includes('/live')) {
        feeds.add(req.socket);
        req.socket.on('close', () => feeds.delete(req.socket));
      }
    });
  });
  afterAll(() => h.close());

  it('shows a move made on a seat’s page on a spectator’s page, and survives a dropped connection', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const seatPage = (await h.newPage()).page;
    const watcher = (await h.newPage()).page;
    await seatPage.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    await watcher.goto(`/#game=${game.gameId}`);
    await watcher.locator('[data-live-status="live"]').waitFor();
    const before = await shipOnPage(watcher, 'gull');

    // The seat plays by clicking; the spectator's board moves without a reload.
    await seatPage.locator('button[data-command="StartNavigation"]').click();
    const target = seatPage.locator('svg.board g.target[data-target="MoveShip"]');
    const hex = await target.getAttribute('data-hex');
    await target.click();
    await watcher.locator(`svg.board [data-ship="gull"][data-hex="${hex}"]`).waitFor();
    expect(hex).not.toBe(before.hex);
    await watcher
      .locator('.timeline-list')
      .getByText(/Gull (sails|moved)/)
      .first()
      .waitFor();

    // Cut every live connection: the page says it is reconnecting, then follows again.
    expect(feeds.size).toBeGreaterThan(0);
    const reconnecting = watcher.locator('[data-live-status="reconnecting"]').waitFor({ timeout: 10_000 });
    for (const socket of feeds) socket.destroy();
    await reconnecting;
    await watcher.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });

    const turned = await play(h.app, game.gameId, game.seats[0], { type: 'TurnShip', direction: 'ccw' });
    await watcher.locator(`svg.board[data-revision="${turned.revision}"]`).waitFor();
    expect((await shipOnPage(watcher, 'gull')).facing).toBe('5');
  });
});

// Replay in the browser: the timeline of what happened, a scrubber that seeks any revision, steps
// back and forward, and playback at a chosen speed; the board on screen is the board at that revision.
import { createGame, play } from '../support/api';
import { screenshot, shipOnPage, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

describe('replaying a game in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('scrubs back and forward, steps and plays, and the board follows', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const seat = game.seats[0];
    await play(h.app, game.gameId, seat, { type: 'StartNavigation' });
    const beforeMove = (await h.app.http().get(`/games/${game.gameId}`).expect(200)).body.revision as number;
    const moved = await play(h.app, game.gameId, seat, { type: 'MoveShip' });
    const turned = await play(h.app, game.gameId, seat, { type: 'TurnShip', direction: 'cw' });
    // A change of mind: the clockwise turn is taken back and the ship turns the other way.
    await play(h.app, game.gameId, seat, { type: 'Undo' });
    await play(h.app, game.gameId, seat, { type: 'TurnShip', direction: 'ccw' });
    await play(h.app, game.gameId, seat, { type: 'EndNavigation' });
    const end = await play(h.app, game.gameId, seat, { type: 'EndTurn' });

    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}`);
    await page.locator(`svg.board[data-revision="${end.revision}"]`).waitFor();
    const now = await shipOnPage(page, 'gull');
    expect(now).toEqual({ hex: '0,-1', facing: '5' });
    // The undone turn is shown as such (struck through), as the server's timeline says.
    await page.locator('.timeline-list .item.kind-undo').first().waitFor();
    const undone = page.locator('.timeline-list .item[data-undone="true"]');
    expect(await undone.count()).toBe(1);
    expect(await undone.getAttribute('data-to')).toBe(String(turned.revision));
    expect(await undone.locator('.what').evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).textDecorationLine)).toBe('line-through');

    // The timeline lists what happened, in order.
    const timeline = page.locator('.timeline-list .item');
    expect(await timeline.count()).toBeGreaterThan(4);
    expect(await page.locator('.timeline').textContent()).toMatch(/The Gull (sails|moved).*\(0, -1\)/);

    // Scrub back to before the move: the ship is back in port, facing north.
    await page.locator('input.scrubber').fill(String(beforeMove));
    await page.locator(`svg.board[data-revision="${beforeMove}"]`).waitFor();
    expect(await shipOnPage(page, 'gull')).toEqual({ hex: '0,0', facing: '0' });
    await page.locator(`[data-replay-at="${beforeMove}"]`).waitFor();
    expect(page.url()).toContain(`at=${beforeMove}`);

    // Forward to the move, then to the turn.
    await page.locator('input.scrubber').fill(String(moved.revision));
    await page.locator(`svg.board[data-revision="${moved.revision}"]`).waitFor();
    expect(await shipOnPage(page, 'gull')).toEqual({ hex: '0,-1', facing: '0' });
    await screenshot(page, 'replay');
    await page.locator('button[data-replay="forward"]').click();
    await page.locator(`svg.board[data-revision="${turned.revision}"]`).waitFor();
    expect(await shipOnPage(page, 'gull')).toEqual({ hex: '0,-1', facing: '1' });
    // One step back is the move again.
    await page.locator('button[data-replay="back"]').click();
    await page.locator(`svg.board[data-revision="${moved.revision}"]`).waitFor();

    // A timeline line seeks to its action.
    await page.locator(`.timeline-list .item[data-to="${turned.revision}"] button`).click();
    await page.locator(`svg.board[data-revision="${turned.revision}"]`).waitFor();

    // Play from the start at 8×: the board passes through earlier revisions and ends live.
    await page.locator('button[data-replay="live"]').click();
    await page.locator('.replay-banner').waitFor({ state: 'detached' });
    await page.locator('select[aria-label="Replay speed"]').selectOption('8');
    const seen = new Set<string>();
    const watcher = setInterval(() => {
      void page
        .locator('svg.board')
        .getAttribute('data-revision')
        .then(
          (r) => r && seen.add(r),
          () => undefined,
        );
    }, 40);
    await page.locator('button[data-replay="play"]').click();
    await page.locator('.replay-banner').waitFor();
    await page.locator('.replay-banner').waitFor({ state: 'detached', timeout: 20_000 });
    clearInterval(watcher);
    await page.locator(`svg.board[data-revision="${end.revision}"]`).waitFor();
    expect(seen.size).toBeGreaterThan(3);
  });

  it('keeps a seat’s own cards out of a spectator’s replay, and the seat sees its own', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&at=2`);
    await page.locator('svg.board[data-revision="2"]').waitFor();
    expect(await page.locator('.hand').count()).toBe(0);
    const seatPage = (await h.newPage()).page;
    await seatPage.goto(`/#game=${game.gameId}&token=${game.seats[0].token}&at=2`);
    await seatPage.locator('svg.board[data-revision="2"]').waitFor();
    expect(await seatPage.locator('.hand').count()).toBe(1);
  });
});

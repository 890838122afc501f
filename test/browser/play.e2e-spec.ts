// Play in the browser: a seat opens its link, sees its options, plays a Navigation order by
// clicking (and with the keyboard), sees the ship move, and reads the rule's message on a refusal.
import { createGame } from '../support/api';
import { screenshot, shipOnPage, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

describe('playing a game in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('plays a Navigation order by clicking and sees the ship move', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);

    await page.locator('.game-page[data-viewer="seat-1"]').waitFor();
    await page.getByText('Playing as Player 1').waitFor();
    const before = await shipOnPage(page, 'gull');

    await page.locator('button[data-command="StartNavigation"]').click();
    await page.locator('[data-fact="navigation"]').filter({ hasNotText: '—' }).waitFor();
    const target = page.locator('svg.board g.target[data-target="MoveShip"]');
    await target.waitFor();
    const targetHex = await target.getAttribute('data-hex');
    await target.click();

    await page.locator(`svg.board [data-ship="gull"][data-hex="${targetHex}"]`).waitFor();
    const after = await shipOnPage(page, 'gull');
    expect(after.hex).toBe(targetHex);
    expect(after.hex).not.toBe(before.hex);
    const [q, r] = targetHex!.split(',').map(Number);
    expect((await h.serverState(game.gameId)).ships.gull.hex).toEqual({ q, r });

    // Turning with the buttons changes the facing the board draws.
    await page.locator('button[data-command="TurnShip"][data-direction="cw"]').click();
    await page.locator(`svg.board [data-ship="gull"][data-facing="${(Number(after.facing) + 1) % 6}"]`).waitFor();
    await screenshot(page, 'board-mid-game');
  });

  it('reaches the highlighted hex with the keyboard', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    const start = page.locator('button[data-command="StartNavigation"]');
    await start.focus();
    await page.keyboard.press('Enter');
    const target = page.locator('svg.board g.target[data-target="MoveShip"]');
    await target.waitFor();
    const hex = await target.getAttribute('data-hex');
    // Tab through the page until the target hex has focus, then press Enter on it.
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await target.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator(`svg.board [data-ship="gull"][data-hex="${hex}"]`).waitFor();
  });

  it('shows the rule’s message when the rules refuse an order', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const { page } = await h.newPage();
    // Seat 2 is not the active seat: its orders are refused by the rules, with the rule id.
    await page.goto(`/#game=${game.gameId}&token=${game.seats[1].token}`);
    await page.locator('.game-page[data-viewer="seat-2"]').waitFor();
    await page.getByText('Not your turn').waitFor();
    const response = page.waitForResponse((r) => r.url().endsWith('/commands') && r.request().method() === 'POST');
    await page.locator('button[data-command="Undo"]').click();
    const answer = await response;
    const body = await answer.json();
    expect(answer.status()).toBeGreaterThanOrEqual(400);
    const notice = page.locator('[data-notice="error"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(body.detail);
    if (body.rule) expect(await notice.locator('[data-rule]').getAttribute('data-rule')).toBe(body.rule);
  });
});

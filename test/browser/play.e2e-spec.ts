// Play in the browser: a seat opens its link, sees its options, plays a Navigation order by
// clicking (and with the keyboard), sees the ship move, and reads the rule's message on a refusal.
import { createGame, play } from '../support/api';
import { screenshot, shipOnPage, startBrowserHarness, type BrowserHarness } from './support/browser';
import { sail } from './support/voyage';

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
    // The options are the server's (GET /games/:id/options), with their costs.
    await page.locator('section.play[data-options="ready"] button[data-command="StartNavigation"] .cost', { hasText: '1 order' }).waitFor();
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
    await page.locator('button[data-command="EndNavigation"]').click();
    await page.locator('button[data-command="EndTurn"]').click();
    await page.locator('[data-turn-hint="waiting"]').waitFor();

    // Some turns later (played over HTTP), the seat's next order, for the README's pictures.
    await sail(h.app, game.gameId, game.seats, 7);
    await page.locator('button[data-command="StartNavigation"]').click();
    await page.locator('svg.board g.target').first().waitFor();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.locator('.board-wrap[data-zoom="1.5"]').waitFor();
    // Clicking scrolled the side panel to each button; show it from the top in the picture.
    await page.locator('aside.side').evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, 'board-mid-game');
    const phone = (await h.newPage({ width: 390, height: 844 })).page;
    await phone.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    await phone.locator('svg.board g.target').first().waitFor();
    const overflow = await phone.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    // Zoomed in, the ship and its highlighted move fill the phone's board.
    await phone.getByRole('button', { name: 'Zoom in' }).click();
    await phone.getByRole('button', { name: 'Zoom in' }).click();
    await phone.locator('.board-wrap[data-zoom="2.25"]').waitFor();
    expect(await phone.locator('svg.board g.target').first().isVisible()).toBe(true);
    await screenshot(phone, 'board-phone');
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
      reached = await target.evaluate((el) => el.ownerDocument.activeElement === el);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator(`svg.board [data-ship="gull"][data-hex="${hex}"]`).waitFor();
  });

  it('marks the board’s targets as taking no click while an order is on its way, and frees them with its answer', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    await page.locator('button[data-command="StartNavigation"]').click();
    const free = page.locator('svg.board g.target[data-target="MoveShip"]:not([aria-disabled])');
    await free.first().waitFor();
    // The next order's answer is held back: meanwhile every target says it takes no click.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/games/*/commands', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('button[data-command="TurnShip"][data-direction="cw"]').click();
    await page.locator('svg.board g.target[data-target="MoveShip"][aria-disabled="true"]').first().waitFor();
    expect(await free.count()).toBe(0);
    release();
    await free.first().waitFor();
    await page.unroute('**/games/*/commands');
  });

  it('shows the rule’s message when the rules refuse an order', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const { page } = await h.newPage();
    // A page that has lost its live feed goes stale: it still offers what was legal a moment ago.
    await page.route('**/live?**', (route) => route.abort());
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    const start = page.locator('button[data-command="StartNavigation"]');
    await start.waitFor();
    await play(h.app, game.gameId, game.seats[0], { type: 'EndTurn' });

    const response = page.waitForResponse((r) => r.url().endsWith('/commands') && r.request().method() === 'POST');
    await start.click();
    const answer = await response;
    const body = await answer.json();
    expect(answer.status()).toBe(422);
    expect(body.rule).toEqual(expect.any(String));
    const notice = page.locator('[data-notice="error"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(body.detail);
    expect(await notice.locator('[data-rule]').getAttribute('data-rule')).toBe(body.rule);
    // After a refusal the page catches up with the game.
    await page.locator('[data-turn-hint="waiting"]').waitFor();
  });

  it('shows the game’s figures and its scenario’s charts, as the analytics endpoints give them', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const figures = (await h.app.http().get(`/analytics/games/${game.gameId}`)).body as { tilesExplored: number };
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}`);
    const ready = page.locator('section.analytics[data-analytics="ready"]');
    await ready.waitFor();
    await ready
      .locator('tr', { hasText: 'Tiles explored' })
      .filter({ hasText: String(figures.tilesExplored) })
      .waitFor();
    await ready.getByRole('img', { name: /Plunder rolls.*1 0, 2 0/ }).waitFor();
    await ready.getByRole('img', { name: 'Win rate' }).waitFor();
    expect(await ready.locator('.scenario-charts img').count()).toBe(4);
  });

  describe('when an endpoint fails', () => {
    const problem = { status: 503, contentType: 'application/problem+json', json: { status: 503, title: 'Service Unavailable', detail: 'Try again shortly' } };

    it('says the options could not be loaded and offers none, rather than guessing them', async () => {
      const game = await createGame(h.app, 'first-voyage', 2);
      const { page } = await h.newPage();
      await page.route('**/games/*/options', (route) => route.fulfill(problem));
      await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
      const alert = page.locator('section.play[data-options="error"] [data-error="options"]');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Try again shortly');
      expect(await page.locator('section.play button[data-command="StartNavigation"]').count()).toBe(0);
      expect(await page.locator('section.play button[data-command="EndTurn"]').count()).toBe(0);
    });

    it('says the timeline could not be loaded, rather than building one from the events', async () => {
      const game = await createGame(h.app, 'first-voyage', 1);
      const { page } = await h.newPage();
      await page.route('**/games/*/timeline', (route) => route.fulfill(problem));
      await page.goto(`/#game=${game.gameId}`);
      await page.locator('section.timeline[data-timeline="error"] [data-error="timeline"]', { hasText: 'Try again shortly' }).waitFor();
      expect(await page.locator('.timeline-list .item').count()).toBe(0);
    });

    it('says the analytics could not be loaded', async () => {
      const game = await createGame(h.app, 'first-voyage', 1);
      const { page } = await h.newPage();
      await page.route('**/analytics/games/**', (route) => route.fulfill(problem));
      await page.goto(`/#game=${game.gameId}`);
      await page.locator('section.analytics[data-analytics="error"] [data-error="analytics"]', { hasText: 'Try again shortly' }).waitFor();
    });
  });
});

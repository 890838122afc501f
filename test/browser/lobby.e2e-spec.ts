// The lobby in the browser: games newest first, creating a game on a built-in scenario, and
// opening a game as a spectator, from a seat link (token in the fragment) or with a pasted token.
import { createGame } from '../support/api';
import { screenshot, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

describe('the lobby', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('serves the page at / without shadowing the API', async () => {
    const page = await h.app.http().get('/').expect(200);
    expect(page.text).toContain('<div id="app">');
    await h.app.http().get('/health').expect(200);
    const games = await h.app.http().get('/games').expect(200);
    expect(games.body).toHaveProperty('games');
    await h.app.http().get('/games/no-such-game').expect(404);
    await h.app
      .http()
      .get('/app.js')
      .expect(200)
      .expect('content-type', /javascript/);
  });

  it('lists games newest first with scenario, status, round and seats', async () => {
    const older = await createGame(h.app, 'first-voyage', 1);
    // Creation times have millisecond resolution: make sure the two differ.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await createGame(h.app, 'twin-sails', 2);
    const { page } = await h.newPage();
    await page.goto('/');
    const rows = page.locator('.games-table tbody tr');
    await rows.first().waitFor();
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-game')));
    expect(ids.indexOf(newer.gameId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.gameId)).toBeLessThan(ids.indexOf(older.gameId));
    const row = page.locator(`tr[data-game="${newer.gameId}"]`);
    expect(await row.textContent()).toMatch(/Twin Sails.*active.*1.*2/s);
  });

  it('creates a game, then opens it from a seat link, as a spectator and with a pasted token', async () => {
    const { page } = await h.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/');
    await page.locator('select[name="scenario"]').selectOption('first-voyage');
    await page.locator('input[name="player-1"]').fill('Ines');
    await page.locator('input[name="player-2"]').fill('Jun');
    await page.getByRole('button', { name: 'Create game' }).click();

    const created = page.locator('[data-created-game]');
    await created.waitFor();
    const gameId = (await created.getAttribute('data-created-game'))!;
    await page.locator(`tr[data-game="${gameId}"]`).waitFor();
    await screenshot(page, 'lobby');

    // The seat link carries the token in the fragment only.
    const link = page.locator('a[data-seat-link="2"]');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^#game=${gameId}&token=[A-Za-z0-9_-]+$`));
    const token = new URLSearchParams(href.slice(1)).get('token')!;
    await link.click();
    await page.locator('.game-page[data-viewer="seat-2"]').waitFor();
    await page.getByText('Playing as Jun').waitFor();
    // No request ever carried the token in its address (browsers never send the fragment).
    expect(requests.some((url) => url.includes(token))).toBe(false);

    // Back in the lobby, the game opens for watching …
    await page.goto('/#');
    await page.locator(`a[data-watch="${gameId}"]`).click();
    await page.locator('.game-page[data-viewer="spectator"]').waitFor();
    await page.getByText('Watching as a spectator').waitFor();

    // … and with a pasted token, as that seat.
    const spare = await createGame(h.app, 'first-voyage', 1);
    await page.goto('/#');
    await page.locator('input[name="open-game"]').fill(spare.gameId);
    await page.locator('input[name="open-token"]').fill(spare.seats[0].token);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.locator(`.game-page[data-game="${spare.gameId}"][data-viewer="seat-1"]`).waitFor();
  });

  it('says so when a token is not a seat of the game', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=not-a-seat-token`);
    await page.getByRole('alert').filter({ hasText: 'not a seat of this game' }).waitFor();
  });

  it('is readable on a phone-width screen', async () => {
    await createGame(h.app, 'first-voyage', 1);
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await page.locator('.games-table tbody tr').first().waitFor();
    // Nothing wider than the screen: no sideways scrolling of the page.
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'lobby-phone');
  });
});

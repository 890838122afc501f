// Nothing hidden reaches a page that may not see it: the spectator's page, live and in replay, and
// a seat's page (another seat's hand), checked against the game's hidden facts on the server.
import type { Page } from 'playwright-core';
import type { GameState } from '@logbook/rules';
import { createGame } from '../support/api';
import { startBrowserHarness, type BrowserHarness } from './support/browser';
import { sail } from './support/voyage';

jest.setTimeout(120_000);

const words = (id: string) => [id, id.replace(/[-_]/g, ' ')];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ids (and their spelled-out forms) of `hidden` that occur in the page's markup or text. */
async function leaks(page: Page, hidden: Iterable<string>): Promise<string[]> {
  const html = (await page.content()).toLowerCase();
  const text = ((await page.locator('body').textContent()) ?? '').toLowerCase();
  const found: string[] = [];
  for (const id of hidden) {
    for (const form of words(id.toLowerCase())) {
      const pattern = new RegExp(`(^|[^a-z0-9-])${escape(form)}($|[^a-z0-9-])`);
      if (pattern.test(html) || pattern.test(text)) found.push(id);
    }
  }
  return found;
}

/** Hidden facts of the running game: unplaced tiles (ids and names), and every face-down card id. */
function hiddenFacts(state: GameState, viewerSeat: number | null) {
  const tiles = state.stack.flatMap((id) => [id, state.tileLibrary[id]?.name].filter((x): x is string => Boolean(x)));
  const shown = new Set<string>();
  for (const c of Object.values(state.characters)) {
    c.discard.forEach((id) => shown.add(id));
    if (viewerSeat !== null && c.seat === viewerSeat) c.hand.forEach((id) => shown.add(id));
  }
  const cards = new Set<string>();
  for (const c of Object.values(state.characters)) [...c.hand, ...c.deck].forEach((id) => cards.add(id));
  for (const s of Object.values(state.ships)) s.plunder.forEach((id) => cards.add(id));
  for (const list of Object.values(state.box)) list.forEach((id) => cards.add(id));
  const cardIds = [...cards].filter((id) => !shown.has(id));
  const cardNames = cardIds.map((id) => state.cards[id]?.name).filter((n): n is string => Boolean(n));
  return { tiles, cards: [...cardIds, ...cardNames] };
}

describe('hidden information in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('a spectator’s page holds no hidden card or tile, live or in replay', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const { page } = await h.newPage();
    const bodies: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/games/') && !r.url().includes('/live'))
        void r.text().then(
          (t) => bodies.push(t),
          () => undefined,
        );
    });
    await page.goto(`/#game=${game.gameId}`);
    await page.locator('.game-page[data-viewer="spectator"]').waitFor();

    await sail(h.app, game.gameId, game.seats, 8);
    const state = await h.serverState(game.gameId);
    const revision = (await h.app.http().get(`/games/${game.gameId}`).expect(200)).body.revision;
    // The live feed brought the page up to date by itself.
    await page.locator(`svg.board[data-revision="${revision}"]`).waitFor({ timeout: 20_000 });
    expect(state.status).toBe('active');
    const hidden = hiddenFacts(state, null);
    // The test has teeth: there is something hidden, and the server knows it.
    expect(hidden.tiles.length).toBeGreaterThan(0);
    expect(hidden.cards.length).toBeGreaterThan(0);
    expect(state.tiles.length).toBeGreaterThan(1);

    expect(await leaks(page, [...hidden.tiles, ...hidden.cards])).toEqual([]);
    expect(await page.locator('.hand').count()).toBe(0);

    // Replay seeks show the past through the same redaction.
    await page.locator('input.scrubber').fill(String(Math.floor(revision / 2)));
    await page.locator(`svg.board[data-revision="${Math.floor(revision / 2)}"]`).waitFor();
    expect(await leaks(page, [...hidden.tiles, ...hidden.cards])).toEqual([]);

    // Nor did any answer the page received carry an unplaced tile or a face-down card's place.
    const all = bodies.join('\n');
    for (const tile of hidden.tiles) expect(all).not.toContain(`"${tile}"`);
    expect(all).not.toMatch(/"hand":\[/);
    expect(all).not.toMatch(/"secret"/);
    expect(all).not.toMatch(/"plunder":\{"count":\d+,"cards"/);
  });

  it('a seat’s page shows its own hand and not the other seat’s', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    await sail(h.app, game.gameId, game.seats, 3);
    const state = await h.serverState(game.gameId);
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    await page.locator('.game-page[data-viewer="seat-1"]').waitFor();
    const own = Object.values(state.characters).find((c) => c.seat === 1)!;
    expect(own.hand.length).toBeGreaterThan(0);
    expect(await page.locator('.hand .card').count()).toBe(own.hand.length);
    // The leak check finds cards where they are shown (so its silence elsewhere means something).
    expect((await leaks(page, own.hand)).length).toBeGreaterThan(0);
    const hidden = hiddenFacts(state, 1);
    expect(await leaks(page, [...hidden.tiles, ...hidden.cards])).toEqual([]);
  });
});

// Presence in the browser: two seat pages see each other's dot connected; one page closes and the
// other shows that seat away once the grace window has passed (LOGBOOK_PRESENCE_AWAY_MS, small
// here; the spec waits for the page to say so, not for a fixed time).
import { createGame } from '../support/api';
import { screenshot, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

describe('who is here, in the browser', () => {
  let h: BrowserHarness;
  const previous = process.env.LOGBOOK_PRESENCE_AWAY_MS;
  beforeAll(async () => {
    process.env.LOGBOOK_PRESENCE_AWAY_MS = '1000';
    h = await startBrowserHarness();
  });
  afterAll(async () => {
    await h.close();
    if (previous === undefined) delete process.env.LOGBOOK_PRESENCE_AWAY_MS;
    else process.env.LOGBOOK_PRESENCE_AWAY_MS = previous;
  });

  it('two seat pages see each other connected; when one closes, the other shows that seat away', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const [ana, ben] = game.seats;
    const anaPage = (await h.newPage()).page;
    const benContext = await h.newPage();
    await anaPage.goto(`/#game=${game.gameId}&token=${ana.token}`);
    await benContext.page.goto(`/#game=${game.gameId}&token=${ben.token}`);

    const dot = (page: typeof anaPage, seat: number, status: string) => page.locator(`[data-presence-seat="${seat}"][data-presence="${status}"]`);
    await dot(anaPage, ben.seat, 'connected').waitFor();
    await dot(anaPage, ana.seat, 'connected').waitFor();
    await dot(benContext.page, ana.seat, 'connected').waitFor();
    // Seat pages are seats, not spectators (their feeds are a spectator's, named by their heartbeats).
    await anaPage.locator('[data-presence-spectators="0"]').waitFor();
    // The dot has words beside it and a title, for screen readers and for anyone who cannot tell colours.
    const benOnAna = anaPage.locator(`[data-presence-seat="${ben.seat}"]`);
    expect(await benOnAna.textContent()).toContain('connected');
    expect(await benOnAna.getAttribute('title')).toMatch(new RegExp(`^${ben.name}: connected since \\d`));
    await screenshot(anaPage, 'presence-connected');

    await benContext.context.close();
    await dot(anaPage, ben.seat, 'away').waitFor({ timeout: 20_000 });
    expect(await benOnAna.textContent()).toContain('away');
    expect(await benOnAna.getAttribute('title')).toMatch(new RegExp(`^${ben.name}: away since \\d`));
    // Ana's own page still holds its feed open: she stays connected.
    expect(await dot(anaPage, ana.seat, 'connected').count()).toBe(1);
    await screenshot(anaPage, 'presence-away');
  });

  it('a spectator page is counted as a spectator, and sees the seats without being one', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const seatPage = (await h.newPage()).page;
    const watcher = (await h.newPage()).page;
    await seatPage.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    await watcher.goto(`/#game=${game.gameId}`);
    // Two pages load and open their feeds on a shared 2-core machine: the patience the away check has.
    await seatPage.locator('[data-presence-spectators="1"]').waitFor({ timeout: 20_000 });
    await watcher.locator(`[data-presence-seat="${game.seats[0].seat}"][data-presence="connected"]`).waitFor({ timeout: 20_000 });
    await watcher.locator(`[data-presence-seat="${game.seats[1].seat}"][data-presence="absent"]`).waitFor({ timeout: 20_000 });
  });
});

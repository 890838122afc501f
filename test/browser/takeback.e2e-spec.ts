// Takebacks by consent in the browser: one seat's page asks to take back the other seat's turn,
// the other seat's page shows the request and accepts, and both boards go back; a second request
// is declined and nothing moves. And a won sandbox game's page undoes the win.
import { LOOKOUT, NAVIGATOR, sea, stackTile } from '@logbook/rules/navigation/testing/sea-kit';
import { createGame, play } from '../support/api';
import { screenshot, shipOnPage, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

const turnCw = { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] };

describe('takebacks by consent in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('asked on one seat’s page, accepted on the other’s: the board goes back; asked again and declined: it stays', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const [one, two] = game.seats;
    const start = (await h.app.http().get(`/games/${game.gameId}`).expect(200)).body;
    const facing = String(start.ships.find((s: { shipId: string }) => s.shipId === 'gull').facing);
    const turned = String((Number(facing) + 1) % 6);
    await play(h.app, game.gameId, one, turnCw);
    await play(h.app, game.gameId, one, { type: 'EndTurn' });

    const asker = (await h.newPage()).page;
    const answerer = (await h.newPage()).page;
    await asker.goto(`/#game=${game.gameId}&token=${two.token}`);
    await answerer.goto(`/#game=${game.gameId}&token=${one.token}`);
    await asker.locator(`svg.board [data-ship="gull"][data-facing="${turned}"]`).waitFor();

    // Seat 2 asks to take back seat 1's whole turn: the earliest action it may reach.
    const choices = asker.locator('select[data-takeback-to] option');
    await choices.first().waitFor({ state: 'attached' });
    const earliest = (await choices.last().getAttribute('value'))!;
    await asker.locator('select[data-takeback-to]').selectOption(earliest);
    await asker.locator('button[data-command="RequestTakeback"]:not([disabled])').click();
    await asker.locator('.takeback-banner.mine', { hasText: 'You asked to take back 2 actions' }).waitFor();

    // Seat 1's page shows the request, live, with Accept and Decline.
    const banner = answerer.locator('.takeback-banner', { hasText: 'Player 2 asks to take back 2 actions' });
    await banner.waitFor();
    await answerer.locator('button[data-command="DeclineTakeback"]').waitFor();
    await screenshot(answerer, 'takeback-asked');
    await answerer.locator('button[data-command="AcceptTakeback"]:not([disabled])').click();

    for (const page of [answerer, asker]) {
      await page.locator(`svg.board [data-ship="gull"][data-facing="${facing}"]`).waitFor();
      await page.locator('[data-takeback-outcome="accepted"]').waitFor();
    }
    expect(await shipOnPage(asker, 'gull')).toMatchObject({ facing });
    await answerer.locator('.timeline-list .item.kind-takeback', { hasText: 'accepted the takeback' }).waitFor();

    // Seat 1 plays its turn again; seat 2 asks to take it back, and seat 1 declines.
    await play(h.app, game.gameId, one, turnCw);
    await asker.locator(`svg.board [data-ship="gull"][data-facing="${turned}"]`).waitFor();
    await asker.locator('button[data-command="RequestTakeback"]:not([disabled])').click();
    await answerer.locator('button[data-command="DeclineTakeback"]:not([disabled])').click();
    for (const page of [answerer, asker]) await page.locator('[data-takeback-outcome="declined"]', { hasText: 'declined by' }).waitFor();
    await screenshot(asker, 'takeback-declined');
    expect(await shipOnPage(asker, 'gull')).toMatchObject({ facing: turned });
    expect(await shipOnPage(answerer, 'gull')).toMatchObject({ facing: turned });
  });

  it('a won sandbox game’s page offers Undo: the game is active again and the page follows it live', async () => {
    const quick = sea({ radius: 1, ship: { hex: { q: 0, r: -1 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] }, stack: [stackTile('misty', 1, 12)] });
    const game = await createGame(h.app, quick, 1, 'sandbox');
    const [me] = game.seats;
    // The seeded dice may roll a 6 for the setup's plunder: its type is chosen first.
    const start = (await h.app.http().get(`/games/${game.gameId}`).expect(200)).body;
    if (start.pending?.kind === 'plunder-choice') await play(h.app, game.gameId, me!, { type: 'ChoosePlunderType', cardType: 'item' });
    await play(h.app, game.gameId, me!, { type: 'StartNavigation' });
    await play(h.app, game.gameId, me!, { type: 'ExploreTile' });
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${me!.token}`);
    await page.locator('[data-options="over"]').waitFor();
    await page.locator('[data-takeback="sandbox"] button[data-command="Undo"]:not([disabled])').click();
    await page.locator('section.play[data-options="ready"]').waitFor();
    await page.locator('[data-takeback="sandbox"]').waitFor({ state: 'detached' });
    // Followed again: an order sent elsewhere arrives on the page.
    await play(h.app, game.gameId, me!, { type: 'EndNavigation' });
    await page.locator('button[data-command="EndNavigation"]').waitFor({ state: 'detached' });
    await page.locator('button[data-command="StartNavigation"]').waitFor();
  });
});

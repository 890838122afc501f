// Undo and redo in the browser: a seat takes back its move and puts it back; the board follows,
// the timeline shows the undone action as such, and a spectator sees it all arrive live.
import { createGame } from '../support/api';
import { shipOnPage, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

describe('undo and redo in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('undoes a move and redoes it: the board, the timeline and a spectator follow', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    const { page } = await h.newPage();
    const watcher = (await h.newPage()).page;
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    await watcher.goto(`/#game=${game.gameId}`);
    await page.locator('button[data-command="StartNavigation"]').click();
    const target = page.locator('svg.board g.target[data-target="MoveShip"]');
    const hex = (await target.getAttribute('data-hex'))!;
    await target.click();
    await page.locator(`svg.board [data-ship="gull"][data-hex="${hex}"]`).waitFor();

    // The board says what Undo would take back, and who may send it.
    await page.locator('[data-fact="history"] [data-undo]', { hasText: 'may undo: Player 1' }).waitFor();
    await watcher.locator('[data-fact="history"] [data-undo]').waitFor();
    await page.locator('button[data-command="Undo"]:not([disabled])').click();
    await page.locator('svg.board [data-ship="gull"][data-hex="0,0"]').waitFor();
    await watcher.locator('svg.board [data-ship="gull"][data-hex="0,0"]').waitFor();
    // The timeline shows the undo, and the move itself marked undone.
    await page.locator('.timeline-list .item.kind-undo').first().waitFor();
    const undone = page.locator('.timeline-list .item[data-undone="true"]');
    await undone.first().waitFor();
    expect(await undone.first().textContent()).toMatch(/sails|moved/i);
    expect(await undone.first().textContent()).toContain('(undone)');

    await page.locator('[data-fact="history"] [data-redo]', { hasText: 'may redo: Player 1' }).waitFor();
    await page.locator('button[data-command="Redo"]:not([disabled])').click();
    await page.locator(`svg.board [data-ship="gull"][data-hex="${hex}"]`).waitFor();
    await watcher.locator(`svg.board [data-ship="gull"][data-hex="${hex}"]`).waitFor();
    expect(await shipOnPage(watcher, 'gull')).toEqual({ hex, facing: '0' });
    await page.locator('.timeline-list .item.kind-redo').first().waitFor();
    await page.locator('.timeline-list .item[data-undone="true"]').waitFor({ state: 'detached' });
  });
});

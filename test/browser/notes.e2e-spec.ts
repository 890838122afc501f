// Notes on moments in the browser: a seat adds a note to the moment shown (live, then replayed);
// each shows in the timeline under its action and in the replay at its revision, and a spectator
// reads them too (notes are public).
import { createGame, play } from '../support/api';
import { screenshot, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

describe('notes on moments in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('adds a note live and one in the replay; the timeline and the replay show each at its revision', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const [seat] = game.seats;
    const ended = await play(h.app, game.gameId, seat, { type: 'EndTurn' });
    await play(h.app, game.gameId, seat, { type: 'StartNavigation' });
    const last = await play(h.app, game.gameId, seat, { type: 'EndNavigation' });

    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${seat.token}`);
    await page.locator(`svg.board[data-revision="${last.revision}"]`).waitFor();

    // Live: the note goes on the revision shown.
    await page.locator(`.notes[data-notes-at="${last.revision}"]`).waitFor();
    await page.locator('#note-text').fill('Hold the course past the reef');
    await page.locator('button[data-action="add-note"]').click();
    await page.locator(`.timeline-note[data-note-at="${last.revision}"]`, { hasText: 'Hold the course past the reef' }).waitFor();
    // It sits under the action that ended at its revision.
    await page.locator(`.timeline-list .item[data-to="${last.revision}"] .timeline-note`).waitFor();

    // In the replay: seek the end of the first turn and note that moment.
    await page.locator('input.scrubber').fill(String(ended.revision));
    await page.locator(`[data-replay-at="${ended.revision}"]`).waitFor();
    await page.locator(`.notes[data-notes-at="${ended.revision}"]`, { hasText: 'No note on this moment' }).waitFor();
    await page.locator('#note-text').fill('The first turn ends here');
    await page.locator('button[data-action="add-note"]').click();
    await page.locator(`.notes[data-notes-at="${ended.revision}"] .note`, { hasText: 'The first turn ends here' }).waitFor();
    await page.locator(`.timeline-list .item[data-to="${ended.revision}"] .timeline-note`, { hasText: 'The first turn ends here' }).waitFor();
    await screenshot(page, 'notes');

    // Replaying the other moment shows its own note, not this one.
    await page.locator(`.timeline-note[data-note-at="${last.revision}"] button`).click();
    await page.locator(`.notes[data-notes-at="${last.revision}"] .note`, { hasText: 'Hold the course past the reef' }).waitFor();
    expect(await page.locator('.notes .note').count()).toBe(1);

    // A spectator reads them in the timeline and at their revision, and has no form.
    const watcher = (await h.newPage()).page;
    await watcher.goto(`/#game=${game.gameId}&at=${ended.revision}`);
    await watcher.locator(`.notes[data-notes-at="${ended.revision}"] .note`, { hasText: 'The first turn ends here' }).waitFor();
    expect(await watcher.locator('.timeline-note').count()).toBe(2);
    expect(await watcher.locator('#note-text').count()).toBe(0);
  });
});

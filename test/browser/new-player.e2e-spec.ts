// A new player's first game in the browser: every control says what it does, the end of a game
// says so, and a wrong link is not a dead end.
import type { Page } from 'playwright-core';
import { builtInScenario } from '@logbook/content';
import { createGame, play } from '../support/api';
import { startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(90_000);

/** The accessible names of every control that sends an option: the Play panel's and the board's. */
async function optionNames(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const area of ['section.play', 'svg.board']) {
    const snapshot = await page.locator(area).ariaSnapshot();
    // A name with a colon is quoted once more by the YAML: `- 'button "…"'`.
    for (const [, name] of snapshot.matchAll(/^\s*- '?button "(.*)"'?(?: \[[^\]]*\])*:?.*$/gm)) names.push(name);
  }
  return names;
}

const duplicates = (names: string[]): string[] => names.filter((name, i) => names.indexOf(name) !== i);

describe('a new player in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('can tell every option apart: one control per choice, each with its own name', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    const ready = page.locator('section.play[data-options="ready"]');
    await ready.locator('button[data-command="StartNavigation"]').waitFor();

    const atStart = await optionNames(page);
    expect(duplicates(atStart)).toEqual([]);
    // A whole order in one go does not read like starting one, or like each other.
    const plans = await page.locator('button[data-command="Navigate"]').allTextContents();
    expect(plans.length).toBeGreaterThan(1);
    expect(plans.every((text) => !/^Navigate\b/.test(text))).toBe(true);
    // Engaging names the skill or the card, never an id.
    const engage = await page.locator('button[data-command="EngageShip"]').allTextContents();
    expect(engage.some((text) => text.includes('with Blessing of the Tides'))).toBe(true);
    expect(engage.join(' ')).not.toMatch(/lantern-1|option \d|boons/);

    await page.locator('button[data-command="StartNavigation"]').click();
    const move = page.locator('svg.board g.target[data-target="MoveShip"]');
    await move.waitFor();
    expect(duplicates(await optionNames(page))).toEqual([]);
    await move.click();

    // Facing the unexplored sea: one explore, one target on its hex, the `?` explained.
    const explore = page.locator('section.play button[data-command="ExploreTile"]');
    await explore.first().waitFor();
    expect(await explore.count()).toBe(1);
    expect(await page.locator('svg.board g.target[data-target="ExploreTile"]').count()).toBe(1);
    expect(await explore.locator('.hidden-mark').getAttribute('title')).toMatch(/next map tile/);
    const names = await optionNames(page);
    expect(duplicates(names)).toEqual([]);
    expect(names.filter((name) => name.startsWith('Explore ahead'))).toEqual([
      expect.stringMatching(/fits\) · 1 navigation point \(may be refused: whether the next map tile fits is hidden until it is drawn\)$/),
      expect.stringMatching(/on the board at .*hidden until it is drawn/),
    ]);
  });

  /** A game of one seat that the first EndTurn loses: its blessings deck holds one card. */
  async function lostGame() {
    const doc = structuredClone(builtInScenario('first-voyage')) as unknown as Record<string, unknown>;
    doc.id = 'short-voyage';
    doc.blessings = 1;
    const game = await createGame(h.app, doc, 1);
    await play(h.app, game.gameId, game.seats[0], { type: 'EndTurn' });
    return game;
  }

  it('a finished game opened from a seat link keeps who you are, says how it ended, and offers what is left', async () => {
    const game = await lostGame();
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    await page.getByText('Playing as Player 1').waitFor();
    await page.locator('[data-banner="lost"]', { hasText: /^Scenario lost in round \d+: the blessings ran out$/ }).waitFor();
    const play = page.locator('section.play[data-options="over"]');
    await play.waitFor();
    expect(await play.textContent()).toContain('The game is over');
    expect(await page.locator('[data-fact="active-seat"], [data-fact="history"]').count()).toBe(0);
    await play.locator('a[data-action="analytics"]').waitFor();

    const download = page.waitForEvent('download');
    await play.locator('button[data-action="export"]').click();
    expect((await download).suggestedFilename()).toBe(`${game.gameId}.ndjson`);

    await play.locator('button[data-action="replay"]').click();
    await page.locator('.replay-banner').waitFor();
    await page.locator('.replay-banner button[data-action="fork"]').click();
    const fork = page.locator(`.game-page[data-game]:not([data-game="${game.gameId}"])`);
    await fork.waitFor();
    await page.getByText('Playing as Player 1').waitFor();
    expect(await fork.getAttribute('data-viewer')).toBe('seat-1');
  });

  it('says why nobody may undo now', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    await play(h.app, game.gameId, game.seats[0], { type: 'StartNavigation' });
    await play(h.app, game.gameId, game.seats[0], { type: 'EndNavigation' });
    await play(h.app, game.gameId, game.seats[0], { type: 'EndTurn' });
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    await page.locator('[data-fact="history"]', { hasText: 'may undo: nobody now: Only actions of the running turn can be undone' }).waitFor();
  });

  it('a wrong seat token is not a dead end: watch instead, or paste the token again, "Bearer" and all', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${'x'.repeat(43)}`);
    await page.getByRole('alert').filter({ hasText: 'not a seat of this game' }).waitFor();
    expect(await page.locator('h1').textContent()).not.toBe('Logbook');
    await page.locator('a[data-action="spectate"]').click();
    await page.getByText('Watching as a spectator').waitFor();

    await page.goto(`/#game=${game.gameId}&token=${'y'.repeat(43)}`);
    await page.getByLabel(/paste your seat token/).fill(`Bearer ${game.seats[0].token}`);
    await page.getByRole('button', { name: 'Take my seat' }).click();
    await page.getByText('Playing as Player 1').waitFor();
  });

  it('asks for nothing the server does not have, and logs no error, on the lobby and a game page', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const { page } = await h.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
    await page.goto('/');
    await page.locator('.lobby, main').first().waitFor();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    await page.locator('section.play[data-options="ready"]').waitFor();
    // The browser asks for its icon on its own time: give it the page's load to do so.
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
  });

  it("the game's analytics follow the game, and the scenario's charts keep the size their text was drawn for", async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    const rounds = page.locator('section.analytics[data-analytics="ready"] tr', { has: page.locator('th', { hasText: /^Rounds$/ }) }).locator('td');
    await rounds.filter({ hasText: /^1$/ }).waitFor();
    await play(h.app, game.gameId, game.seats[0], { type: 'EndTurn' });
    await page.locator('[data-fact="round"]', { hasText: /^2$/ }).waitFor();
    await rounds.filter({ hasText: /^2$/ }).waitFor();

    const chart = page.locator('.scenario-charts img[alt="Win rate"]');
    await chart.waitFor();
    await page.waitForFunction(`document.querySelector('.scenario-charts img[alt="Win rate"]')?.complete === true`);
    type Img = { clientWidth: number; naturalWidth: number };
    const { shown, drawn } = await chart.evaluate((img) => ({ shown: (img as unknown as Img).clientWidth, drawn: (img as unknown as Img).naturalWidth }));
    expect(drawn).toBeGreaterThan(0);
    expect(shown).toBe(drawn);
  });

  it('on a phone, starting a Navigation order brings the board and its highlighted hex into view', async () => {
    const game = await createGame(h.app, 'first-voyage', 1);
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0].token}`);
    const start = page.locator('button[data-command="StartNavigation"]');
    await start.click();
    const target = page.locator('svg.board g.target[data-target="MoveShip"]');
    await target.waitFor();
    await page.locator('.notice[data-notice="info"]').waitFor();
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  });
});

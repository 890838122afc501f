// A new player's first game in the browser: every control says what it does, the end of a game
// says so, and a wrong link is not a dead end.
import type { Page } from 'playwright-core';
import { createGame } from '../support/api';
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
});

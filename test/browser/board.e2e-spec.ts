// The board in the browser is the board view, drawn: every covered hex with its terrain, storms,
// the unexplored edge, altars, ships with their facing, enemy ships, enemies on deck, clues, and
// the clock, whose turn it is and what the game waits for. And a seat answers a response window.
import type { Page } from 'playwright-core';
import type { BoardView } from '@logbook/projections';
import { builtInScenario } from '@logbook/content';
import { createGame, play } from '../support/api';
import { screenshot, startBrowserHarness, type BrowserHarness } from './support/browser';
import { sail } from './support/voyage';

jest.setTimeout(90_000);

const key = (h: { q: number; r: number }) => `${h.q},${h.r}`;

async function attrs(page: Page, selector: string, name: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els, n) => els.map((el) => el.getAttribute(n as string) ?? ''), name);
}

describe('the board in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('draws what the board view holds', async () => {
    const game = await createGame(h.app, 'first-voyage', 2);
    await sail(h.app, game.gameId, game.seats, 6);
    const view: BoardView = (await h.app.http().get(`/games/${game.gameId}`).expect(200)).body;
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}`);
    await page.locator(`svg.board[data-revision="${view.revision}"]`).waitFor();

    // Terrains: every covered hex, with its own terrain.
    const covered = view.tiles.flatMap((t) => t.hexes);
    const drawn = await page
      .locator('svg.board g.hex[data-terrain]')
      .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-hex')}=${el.getAttribute('data-terrain')}`));
    expect(drawn.sort()).toEqual(covered.map((x) => `${key(x)}=${x.terrain}`).sort());
    expect(new Set(covered.map((x) => x.terrain)).size).toBeGreaterThan(3);
    // Storms, altars (purged or not) and the unexplored edge.
    expect(await page.locator('svg.board g.storm').count()).toBe(covered.filter((x) => x.storm).length);
    expect(await page.locator('svg.board .altar-mark').count()).toBe(covered.filter((x) => x.terrain === 'altar').length);
    expect(await page.locator('svg.board .altar-mark.purged').count()).toBe(covered.filter((x) => x.altarPurged).length);
    const coveredKeys = new Set(covered.map(key));
    const edge = await attrs(page, 'svg.board g.hex.unexplored', 'data-hex');
    expect(edge.length).toBeGreaterThan(0);
    for (const hex of edge) {
      const [q, r] = hex.split(',').map(Number);
      expect(coveredKeys.has(hex)).toBe(false);
      const around = [
        [0, -1],
        [1, -1],
        [1, 0],
        [0, 1],
        [-1, 1],
        [-1, 0],
      ].map(([dq, dr]) => `${q + dq},${r + dr}`);
      expect(around.some((k) => coveredKeys.has(k))).toBe(true);
    }
    // Ships where they are, facing their way, wrecked face down; enemy ships; enemies on deck.
    for (const ship of view.ships) {
      const drawnShip = page.locator(`svg.board [data-ship="${ship.shipId}"]`);
      expect(await drawnShip.getAttribute('data-hex')).toBe(key(ship.hex));
      expect(await drawnShip.getAttribute('data-facing')).toBe(String(ship.facing));
      expect(await drawnShip.evaluate((el) => el.classList.contains('wrecked'))).toBe(ship.wrecked);
      const onDeck = ship.enemiesOnDeck.length;
      expect(await drawnShip.locator('[data-enemies-on-deck]').count()).toBe(onDeck ? 1 : 0);
      if (onDeck) expect(await drawnShip.locator('[data-enemies-on-deck]').getAttribute('data-enemies-on-deck')).toBe(String(onDeck));
    }
    expect(view.ships.some((s) => s.enemiesOnDeck.length > 0)).toBe(true);
    expect((await attrs(page, 'svg.board [data-enemy-ship]', 'data-hex')).sort()).toEqual(view.enemyShips.map((e) => key(e.hex)).sort());
    // Clues left on tiles.
    expect((await attrs(page, 'svg.board [data-tile-info]:has(.clue-badge)', 'data-tile-info')).sort()).toEqual(
      view.tiles
        .filter((t) => t.clues > 0)
        .map((t) => t.tileId)
        .sort(),
    );
    // The clock and the turn.
    const fact = (name: string) => page.locator(`[data-fact="${name}"]`).textContent();
    expect(await fact('round')).toBe(String(view.round));
    expect(await fact('act')).toBe(String(view.act));
    expect(await fact('clues')).toBe(String(view.clues));
    expect(await fact('blessings')).toBe(String(view.blessings.deck));
    expect(await fact('orders')).toBe(String(view.ordersLeft));
    expect(await fact('navigation')).toBe(view.navigation ? String(view.navigation.pointsLeft) : '—');
    const active = view.seats.find((s) => s.seat === view.activeSeat)!;
    expect(await fact('active-seat')).toContain(active.name);
    expect(await fact('waiting')).toContain(active.name);
  });

  it('lets a seat answer a response window, and draws the wrecked ship face down', async () => {
    // First Voyage with a Gull that cannot shrug off damage: turning on a storm opens a window.
    const scenario = structuredClone(builtInScenario('first-voyage')!);
    scenario.id = 'first-voyage-brittle';
    scenario.shipCards.find((card) => card.cardId === 'gull')!.powers = {};
    const game = await createGame(h.app, scenario, 2);
    const [a, b] = game.seats;
    for (const command of [
      { type: 'StartNavigation' },
      { type: 'TurnShip', direction: 'cw' },
      { type: 'MoveShip' },
      { type: 'EndNavigation' },
      { type: 'EndTurn' },
    ]) {
      await play(h.app, game.gameId, a, command);
    }
    await play(h.app, game.gameId, b, { type: 'EndTurn' });
    await play(h.app, game.gameId, a, { type: 'StartNavigation' });

    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${a.token}`);
    await page.locator('button[data-command="TurnShip"][data-direction="cw"]').click();
    await page.locator('[data-fact="waiting"]', { hasText: 'response window' }).waitFor();
    const group = page.getByRole('group', { name: 'Response window' });
    await group.locator('button[data-command="ResolveStructuralDamage"]').click();
    await page.locator('[data-fact="waiting"]', { hasNotText: 'response window' }).waitFor();
    await page.locator('svg.board [data-ship="gull"].wrecked').waitFor();
    const after = (await h.app.http().get(`/games/${game.gameId}`).expect(200)).body;
    expect(after.pending).toBeNull();
    expect(after.ships[0]).toMatchObject({ wrecked: true, faceUp: false });
    await page.locator('[data-ship-card="gull"]', { hasText: 'Wrecked (face down)' }).waitFor();
    await screenshot(page, 'wrecked');
  });
});

// Bots in the browser: a seat's page whose partner is a bot sees the bot's turn happen by itself
// (the live feed), the seats bots play are listed, and the Hint button shows what the greedy bot
// would do now and why.
import { screenshot, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

describe('bots in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('shows a bot partner’s turn as it happens, and a hint with its reason', async () => {
    const created = await h.app
      .http()
      .post('/games')
      .send({ scenario: 'first-voyage', players: [{ name: 'Ann' }, { name: 'Rob', bot: 'greedy' }] })
      .expect(201);
    const game = created.body as { gameId: string; seats: Array<{ seat: number; token: string }> };
    const { page } = await h.newPage();
    await page.goto(`/#game=${game.gameId}&token=${game.seats[0]!.token}`);
    await page.locator('[data-live-status="live"]').waitFor();
    await page.locator('[data-bot-seat="2"]').getByText('greedy').waitFor();

    await page.locator('button[data-action="hint"]').click();
    const hint = page.locator('.hint[data-hint]');
    await hint.waitFor();
    expect(await hint.getAttribute('data-hint')).not.toBe('none');
    expect((await hint.textContent())!.length).toBeGreaterThan(20);
    await screenshot(page, 'bots-hint');

    // Ann ends her turn: Rob's bot plays his, and the page follows it to round 2, Ann's turn again.
    await page.locator('button[data-command="EndTurn"]').click();
    await page.locator('[data-fact="round"]', { hasText: '2' }).waitFor({ timeout: 20_000 });
    await page.locator('[data-fact="active-seat"]', { hasText: 'seat 1' }).waitFor();
    await page.locator('.timeline-list').getByText(/Rob/).first().waitFor();
    await screenshot(page, 'bots-partner-played');
  });
});

// "My voyages" in the browser: a profile created on the page, a game its player sat in listed
// with its figures, and the games played with a chosen companion.
import { screenshot, startBrowserHarness, type BrowserHarness } from './support/browser';

jest.setTimeout(60_000);

describe('my voyages', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it('creates a profile, shows its secret once, lists the games it sat in and those played with a companion', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    await page.locator('input[name="profile-name"]').fill('Marisol Ekwueme');
    await page.getByRole('button', { name: 'Create my profile' }).click();
    const secret = (await page.locator('[data-player-secret]').textContent()) ?? '';
    const playerId = (await page.locator('[data-player-id]').textContent()) ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await h.app.http().get(`/players/${playerId}`).set({ 'X-Player-Secret': secret }).expect(200);

    // Two games with the profile: one with a companion's profile, one with a name typed at the seat.
    const companion = (await h.app.http().post('/players').send({ name: 'Teodor Villanueva' }).expect(201)).body as { playerId: string; secret: string };
    const seat = { playerId, playerSecret: secret };
    const together = (
      await h.app
        .http()
        .post('/games')
        .send({ scenario: 'twin-sails', players: [seat, { playerId: companion.playerId, playerSecret: companion.secret }] })
        .expect(201)
    ).body.gameId as string;
    await new Promise((resolve) => setTimeout(resolve, 5)); // creation times differ
    const alone = (
      await h.app
        .http()
        .post('/games')
        .send({ scenario: 'twin-sails', players: [seat, { name: 'Kit' }] })
        .expect(201)
    ).body.gameId as string;

    // Reopened later, the browser remembers the profile (its secret is not shown again).
    await page.reload();
    await page.locator(`[data-voyage="${alone}"]`).waitFor();
    expect(await page.locator('[data-player-secret]').count()).toBe(0);
    const listed = await page.locator('[data-voyage]').evaluateAll((items) => items.map((li) => li.getAttribute('data-voyage')));
    expect(listed).toEqual([alone, together]);
    expect(await page.locator('[data-player-figures]').textContent()).toContain('2 games');
    await screenshot(page, 'my-voyages');

    await page.locator(`[data-companion="${companion.playerId}"]`).check();
    await page.getByRole('heading', { name: 'Our last voyages' }).waitFor();
    await page.locator(`[data-voyage="${alone}"]`).waitFor({ state: 'detached' });
    expect(await page.locator('[data-voyage]').evaluateAll((items) => items.map((li) => li.getAttribute('data-voyage')))).toEqual([together]);
    expect(await page.locator(`[data-voyage="${together}"]`).textContent()).toContain('Teodor Villanueva');
    await page.screenshot({ path: '/tmp/my-voyages.png', fullPage: true });
  });
});

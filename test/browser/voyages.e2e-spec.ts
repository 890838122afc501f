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

  it("links a seat taken with a typed name to the profile this browser keeps, from the seat's own page", async () => {
    const profile = (await h.app.http().post('/players').send({ name: 'Ingrid Abernathy-Osei' }).expect(201)).body as { playerId: string; secret: string };
    const created = (
      await h.app
        .http()
        .post('/games')
        .send({ scenario: 'twin-sails', players: [{ name: 'Ingrid' }, { name: 'Kit' }] })
        .expect(201)
    ).body as { gameId: string; seats: Array<{ seat: number; token: string }> };
    const { page } = await h.newPage();
    await page.goto('/');
    // The profile as "My voyages" keeps it (the specs compile without the DOM's types: the script is text).
    await page.evaluate(`localStorage.setItem('logbook.profile', ${JSON.stringify(JSON.stringify(profile))})`);
    await page.goto(`/#game=${created.gameId}&token=${created.seats[0]!.token}`);
    await page.locator('[data-live-status="live"]').waitFor();
    await page.locator('button[data-action="claim-seat"]').click();
    // Claimed: the button goes, and the seat is the profile's.
    await page.locator('button[data-action="claim-seat"]').waitFor({ state: 'detached' });
    const seats = (await h.app.http().get(`/games/${created.gameId}`).expect(200)).body.seats as Array<{ seat: number; name: string; playerId?: string }>;
    expect(seats[0]).toMatchObject({ seat: 1, name: 'Ingrid Abernathy-Osei', playerId: profile.playerId });
    await screenshot(page, 'seat-claimed');
  });
});

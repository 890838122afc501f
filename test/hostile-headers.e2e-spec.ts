// Headers and names a client controls are bounded: a correlation id is short visible ASCII, a
// player name has no control or bidi characters, and If-Match: * means "any revision".
import { createGame, nextCommandId } from './support/api';
import { startApp, type TestApp } from './support/app';

jest.setTimeout(60_000);

describe('bounded headers and names', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.dispose());

  it('refuses an x-correlation-id that is too long or not visible ASCII (400), and changes nothing', async () => {
    const game = await createGame(app);
    for (const bad of ['x'.repeat(129), 'a b', 'é']) {
      const created = await app
        .http()
        .post('/games')
        .set('x-correlation-id', bad)
        .send({ scenario: 'first-voyage', players: [{ name: 'A' }] });
      expect(created.status).toBe(400);
      const command = await app
        .http()
        .post(`/games/${game.gameId}/commands`)
        .set('Authorization', `Bearer ${game.seats[0].token}`)
        .set('x-correlation-id', bad)
        .send({ commandId: nextCommandId(), type: 'EndTurn' });
      expect(command.status).toBe(400);
    }
    expect((await app.http().get(`/games/${game.gameId}/events`)).body.revision).toBe(game.revision);
    await app
      .http()
      .post('/games')
      .set('x-correlation-id', 'x'.repeat(128))
      .send({ scenario: 'first-voyage', players: [{ name: 'A' }] })
      .expect(201);
  });

  it.each(['Ann\u202Eevil', 'Bob\u0000', 'tab\there', '\u2066x\u2069', 'line\u2028break', '   '])('refuses the player name %j', async (name) => {
    const res = await app
      .http()
      .post('/games')
      .send({ scenario: 'first-voyage', players: [{ name }] });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/name/);
  });

  it('accepts names in any script, emoji included', async () => {
    for (const name of ['Ysolde', 'Åsa Ñúñez', '王小明', 'سارا', '👩‍🚀 Ana']) {
      await app
        .http()
        .post('/games')
        .send({ scenario: 'first-voyage', players: [{ name }] })
        .expect(201);
    }
  });

  it('takes If-Match: * as any revision', async () => {
    const game = await createGame(app);
    const res = await app
      .http()
      .post(`/games/${game.gameId}/commands`)
      .set('Authorization', `Bearer ${game.seats[0].token}`)
      .set('If-Match', '*')
      .send({ commandId: nextCommandId(), type: 'EndTurn' });
    expect([200, 422]).toContain(res.status);
  });
});

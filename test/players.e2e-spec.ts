// Player profiles: registered with a name (kept sealed in the store), read back with the secret
// shown once, refused without it.
import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

const NAME = 'Ottoline Fairweather-Baptiste';
const secretOf = (secret: string) => ({ 'X-Player-Secret': secret });

const OPERATOR = 'operator-token-for-the-profile-tests';

describe('player profiles', () => {
  let app: TestApp;
  useOperatorToken(OPERATOR);
  beforeEach(async () => {
    app = await startApp();
  });
  afterEach(() => app.dispose());

  const register = async (name = NAME) => (await app.http().post('/players').send({ name }).expect(201)).body as { playerId: string; secret: string };

  it('registers a profile once and reads it back with its secret only', async () => {
    const { playerId, secret } = await register();
    expect(playerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const read = await app.http().get(`/players/${playerId}`).set(secretOf(secret)).expect(200);
    expect(read.body).toEqual({ playerId, name: NAME, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    await app.http().get(`/players/${playerId}`).expect(401);
    await app.http().get(`/players/${playerId}`).set(secretOf('not-the-secret-of-this-player')).expect(403);
    const other = await register('Someone Else');
    await app.http().get(`/players/${playerId}`).set(secretOf(other.secret)).expect(403);
    await app.http().get('/players/00000000-0000-4000-8000-000000000000').set(secretOf(secret)).expect(404);
    await app.http().get('/players/not-an-id').set(secretOf(secret)).expect(404);
  });

  it('refuses a name a seat would refuse, and any other field', async () => {
    await app.http().post('/players').send({}).expect(400);
    await app.http().post('/players').send({ name: '' }).expect(400);
    await app
      .http()
      .post('/players')
      .send({ name: 'x'.repeat(41) })
      .expect(400);
    await app.http().post('/players').send({ name: 'a\u202eb' }).expect(400);
    await app.http().post('/players').send({ name: '\u200b' }).expect(400);
    await app.http().post('/players').send({ name: 'Ana', admin: true }).expect(400);
  });

  it("never writes the name or the secret to the store's files in the clear", async () => {
    const { secret } = await register();
    const files = ['logbook.sqlite', 'logbook.sqlite-wal'].map((f) => join(app.dataDir, f)).filter((f) => existsSync(f));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(readFileSync(f).indexOf(Buffer.from(NAME))).toBe(-1);
      expect(readFileSync(f).indexOf(Buffer.from(secret))).toBe(-1);
    }
  });

  it("erases a profile with the operator's token", async () => {
    const { playerId, secret } = await register();
    await app
      .http()
      .delete(`/players/${playerId}`)
      .set({ Authorization: `Bearer ${OPERATOR}` })
      .expect(204);
    await app.http().get(`/players/${playerId}`).set(secretOf(secret)).expect(410);
  });

  it('erases a profile with its secret: it reads as gone (410) and its secret opens nothing', async () => {
    const { playerId, secret } = await register();
    const other = await register('Someone Else');
    await app.http().delete(`/players/${playerId}`).expect(401);
    await app.http().delete(`/players/${playerId}`).set(secretOf(other.secret)).expect(403);
    await app.http().delete(`/players/${playerId}`).set({ Authorization: 'Bearer not-the-operator-token-at-all' }).expect(403);
    await app.http().delete('/players/00000000-0000-4000-8000-000000000000').set(secretOf(secret)).expect(404);
    await app.http().delete(`/players/${playerId}`).set(secretOf(secret)).expect(204);
    const gone = await app.http().get(`/players/${playerId}`).set(secretOf(secret)).expect(410);
    expect(gone.body.type).toMatch(/player-erased/);
    await app.http().delete(`/players/${playerId}`).set(secretOf(secret)).expect(410);
    await app
      .http()
      .delete(`/players/${playerId}`)
      .set({ Authorization: `Bearer ${OPERATOR}` })
      .expect(204);
    // The others are untouched.
    expect((await app.http().get(`/players/${other.playerId}`).set(secretOf(other.secret)).expect(200)).body.name).toBe('Someone Else');
  });

  it("seats a profile in a new game under its secret; erasing the profile erases the seat's name, and the board stays", async () => {
    const { playerId, secret } = await register();
    await app
      .http()
      .post('/games')
      .send({ scenario: 'twin-sails', players: [{ playerId, playerSecret: 'not-the-secret-of-this-player' }, { name: 'Bo' }] })
      .expect(403);
    await app
      .http()
      .post('/games')
      .send({ scenario: 'twin-sails', players: [{ playerId, playerSecret: secret, name: 'Other' }] })
      .expect(400);
    await app
      .http()
      .post('/games')
      .send({ scenario: 'twin-sails', players: [{ playerId }] })
      .expect(400);
    const created = await app
      .http()
      .post('/games')
      .send({ scenario: 'twin-sails', players: [{ playerId, playerSecret: secret }, { name: 'Bo' }] })
      .expect(201);
    const gameId = created.body.gameId as string;
    const seats = async () =>
      ((await app.http().get(`/games/${gameId}`).expect(200)).body.seats as Array<Record<string, unknown>>).map(({ name, playerId: id }) => ({
        name,
        playerId: id,
      }));
    expect(await seats()).toEqual([
      { name: NAME, playerId },
      { name: 'Bo', playerId: undefined },
    ]);
    const before = (await app.http().get(`/games/${gameId}`).expect(200)).body;
    await app.http().delete(`/players/${playerId}`).set(secretOf(secret)).expect(204);
    expect(await seats()).toEqual([
      { name: 'erased player', playerId },
      { name: 'Bo', playerId: undefined },
    ]);
    const after = (await app.http().get(`/games/${gameId}`).expect(200)).body;
    expect(JSON.stringify(after).split('erased player').join('<n>')).toBe(JSON.stringify(before).split(NAME).join('<n>'));
    // The seat's own erasure call points to the profile's.
    await app
      .http()
      .delete(`/games/${gameId}/seats/1/name`)
      .set({ Authorization: `Bearer ${created.body.seats[0].token as string}` })
      .expect(422);
  });

  it('lists a player\'s games and figures, and the games a group sat in together ("our last ten voyages"), with its own secret only', async () => {
    const ana = await register('Ana Lindqvist-Oyelaran');
    const bo = await register('Bo Achterberg');
    const cy = await register('Cy Montgomery-Hale');
    const create = async (players: Array<Record<string, string>>) => {
      const gameId = (await app.http().post('/games').send({ scenario: 'twin-sails', players }).expect(201)).body.gameId as string;
      await new Promise((resolve) => setTimeout(resolve, 5)); // creation times have millisecond resolution: the next one differs
      return gameId;
    };
    const seat = (p: { playerId: string; secret: string }) => ({ playerId: p.playerId, playerSecret: p.secret });
    const withBo = await create([seat(ana), seat(bo)]);
    const withCy = await create([seat(ana), seat(cy)]);
    const boAlone = await create([seat(bo), { name: 'Dee' }]);
    const games = async (who: { playerId: string; secret: string }, query = '') =>
      (await app.http().get(`/players/${who.playerId}/games${query}`).set(secretOf(who.secret)).expect(200)).body as {
        playerIds: string[];
        voyages: Array<{ gameId: string; seats: Array<{ name: string; playerId?: string }> }>;
        summary: { games: number };
      };

    const anas = await games(ana);
    expect(anas.voyages.map((v) => v.gameId)).toEqual([withCy, withBo]); // newest first
    expect(anas.summary.games).toBe(2);
    expect((await games(bo)).voyages.map((v) => v.gameId)).toEqual([boAlone, withBo]);
    const together = await games(ana, `?with=${bo.playerId}`);
    expect(together.playerIds).toEqual([ana.playerId, bo.playerId]);
    expect(together.voyages.map((v) => v.gameId)).toEqual([withBo]);
    expect((await games(ana, `?with=${bo.playerId},${cy.playerId}`)).voyages).toEqual([]);
    expect((await games(ana, '?limit=1')).voyages.map((v) => v.gameId)).toEqual([withCy]);

    const figures = (await app.http().get(`/players/${ana.playerId}/analytics`).set(secretOf(ana.secret)).expect(200)).body;
    expect(figures).toMatchObject({ playerId: ana.playerId, games: 2 });
    expect(figures.playedWith.map((p: { playerId: string }) => p.playerId).sort()).toEqual([bo.playerId, cy.playerId].sort());

    // Only the player's own secret opens its games; the query is checked.
    await app.http().get(`/players/${ana.playerId}/games`).expect(401);
    await app.http().get(`/players/${ana.playerId}/games`).set(secretOf(bo.secret)).expect(403);
    await app.http().get(`/players/${ana.playerId}/analytics`).set(secretOf(bo.secret)).expect(403);
    await app.http().get('/players/00000000-0000-4000-8000-000000000000/games').set(secretOf(ana.secret)).expect(404);
    await app.http().get(`/players/${ana.playerId}/games?limit=0`).set(secretOf(ana.secret)).expect(400);
    await app.http().get(`/players/${ana.playerId}/games?with=someone`).set(secretOf(ana.secret)).expect(400);
    await app.http().get(`/players/${ana.playerId}/games?sort=name`).set(secretOf(ana.secret)).expect(400);

    // Bo is erased: Ana's voyages show "erased player" where Bo sat, and Bo's own list is gone with the profile (410).
    await app.http().delete(`/players/${bo.playerId}`).set(secretOf(bo.secret)).expect(204);
    const after = await games(ana, `?with=${bo.playerId}`);
    expect(after.voyages.map((v) => v.gameId)).toEqual([withBo]);
    expect(JSON.stringify(after)).not.toContain('Bo Achterberg');
    expect(after.voyages[0].seats.map((s) => s.name)).toEqual(['Ana Lindqvist-Oyelaran', 'erased player']);
    await app.http().get(`/players/${bo.playerId}/games`).set(secretOf(bo.secret)).expect(410);
  });
});

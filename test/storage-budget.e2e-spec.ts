// The storage budget: games per client address (LOGBOOK_MAX_GAMES_PER_CLIENT) and the data
// folder's size (LOGBOOK_MAX_DATA_MB). Past either, new games, forks and imports are a 507 problem;
// running games go on; /health says where the budget stands.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asText, createGame, play } from './support/api';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

jest.setTimeout(60_000);

const ADMIN = 'operator-token-0123456789';
useOperatorToken(ADMIN);

async function withEnv(env: Record<string, string>, run: (app: TestApp) => Promise<void>): Promise<void> {
  Object.assign(process.env, env);
  const app = await startApp();
  try {
    await run(app);
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
    await app.dispose();
  }
}

const fork = (app: TestApp, game: { gameId: string; revision: number; seats: Array<{ token: string }> }) =>
  app.http().post(`/games/${game.gameId}/fork`).set('Authorization', `Bearer ${game.seats[0].token}`).send({ at: game.revision });

const exportAndImport = async (app: TestApp, gameId: string) => {
  const whole = await app.http().get(`/games/${gameId}/export`).set('Authorization', `Bearer ${ADMIN}`).buffer(true).parse(asText);
  return app
    .http()
    .post('/games/import')
    .set({ 'Content-Type': 'application/x-ndjson', Authorization: `Bearer ${ADMIN}` })
    .send(whole.body as string);
};

describe('storage budget', () => {
  it('counts games created, forked and imported per client address; past the limit they are a 507, running games go on', async () => {
    await withEnv({ LOGBOOK_MAX_GAMES_PER_CLIENT: '3' }, async (app) => {
      const game = await createGame(app);
      // Refused requests take nothing of the allowance.
      expect((await app.http().post('/games').send({ scenario: 'first-voyage', players: [] })).status).toBe(400);
      expect((await fork(app, game)).status).toBe(201);
      expect((await exportAndImport(app, game.gameId)).status).toBe(201);
      for (const res of [
        await app
          .http()
          .post('/games')
          .send({ scenario: 'first-voyage', players: [{ name: 'A' }] }),
        await fork(app, game),
        await exportAndImport(app, game.gameId),
      ]) {
        expect(res.status).toBe(507);
        expect(res.type).toBe('application/problem+json');
        expect(res.body).toMatchObject({ status: 507, type: '/problems/game-quota' });
      }
      await play(app, game.gameId, game.seats[0], { type: 'StartNavigation' });
      const health = await app.http().get('/health').expect(200);
      expect(health.body.storage).toMatchObject({ maxGamesPerClient: 3, clients: 1, clientsAtLimit: 1, maxDataMb: null, acceptingNewGames: true });
    });
  });

  it('refuses new games, forks and imports with 507 once the data folder passes LOGBOOK_MAX_DATA_MB, and says so in /health', async () => {
    await withEnv({ LOGBOOK_MAX_DATA_MB: '4' }, async (app) => {
      const game = await createGame(app);
      expect((await app.http().get('/health').expect(200)).body.storage).toMatchObject({ maxDataMb: 4, acceptingNewGames: true });
      // What the games would have filled: any file in the data folder counts.
      writeFileSync(join(app.dataDir, 'filler.bin'), Buffer.alloc(5 * 1024 * 1024));
      for (const res of [
        await app
          .http()
          .post('/games')
          .send({ scenario: 'first-voyage', players: [{ name: 'A' }] }),
        await fork(app, game),
        await exportAndImport(app, game.gameId),
      ]) {
        expect(res.status).toBe(507);
        expect(res.body).toMatchObject({ status: 507, type: '/problems/storage-full' });
        expect(res.body.detail).toMatch(/running games go on/);
      }
      await play(app, game.gameId, game.seats[0], { type: 'StartNavigation' });
      const health = await app.http().get('/health').expect(200);
      expect(health.body.status).toBe('ok');
      expect(health.body.storage).toMatchObject({ maxDataMb: 4, acceptingNewGames: false });
      expect(health.body.storage.dataMb).toBeGreaterThanOrEqual(5);
    });
  });
});

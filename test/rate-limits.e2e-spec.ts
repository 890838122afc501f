// Rate limits: generous per-client limits on game creation and commands, answered with a 429
// problem; LOGBOOK_RATE_LIMITS=off turns them off. Reads and feeds are not counted.
import type { AddressInfo } from 'node:net';
import { RATE_LIMITS } from '../apps/server/src/http/rate-limits';
import { createGame } from './support/api';
import { startApp, type TestApp } from './support/app';

const listen = async (app: TestApp): Promise<string> => {
  await app.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
};

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

// Bounded by count, not time: a busy 2-core machine may be slow.
jest.setTimeout(60_000);

describe('rate limits', () => {
  it('answers game creation past the limit with a 429 problem and Retry-After; commands count apart', async () => {
    const app = await startApp({ rateLimits: true });
    try {
      const base = await listen(app);
      const game = await createGame(app);
      // Invalid bodies still count: the limit is checked before anything is parsed or validated.
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMITS.creates.limit; i++) statuses.push((await post(`${base}/games`, '{}')).status);
      expect(new Set(statuses)).toEqual(new Set([400, 429]));
      const refused = await post(`${base}/games`, JSON.stringify({ scenario: 'first-voyage', players: [{ name: 'A' }] }));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(refused.headers.get('retry-after-creates')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ status: 429, type: '/problems/rate-limited' });
      // Commands have their own, larger allowance; reads are never limited.
      const command = await post(`${base}/games/${game.gameId}/commands`, JSON.stringify({ commandId: 'c1', type: 'StartNavigation' }), {
        authorization: `Bearer ${game.seats[0].token}`,
      });
      expect(command.status).toBe(200);
      expect((await fetch(`${base}/games/${game.gameId}`)).status).toBe(200);
    } finally {
      await app.dispose();
    }
  });

  it('limits commands per client too', async () => {
    const app = await startApp({ rateLimits: true });
    try {
      const base = await listen(app);
      const game = await createGame(app);
      let last = 0;
      for (let i = 0; i <= RATE_LIMITS.commands.limit; i++) {
        last = (await post(`${base}/games/${game.gameId}/commands`, '{}', { authorization: `Bearer ${game.seats[0].token}` })).status;
      }
      expect(last).toBe(429);
    } finally {
      await app.dispose();
    }
  });

  it('LOGBOOK_RATE_LIMITS=off lets every request through', async () => {
    const app = await startApp({ rateLimits: false });
    try {
      const base = await listen(app);
      for (let i = 0; i <= RATE_LIMITS.creates.limit; i++) expect((await post(`${base}/games`, '{}')).status).toBe(400);
    } finally {
      await app.dispose();
    }
  });
});

// Rate budgets: every route spends a named per-client budget, answered past it with a 429 problem
// and the standard Retry-After header; LOGBOOK_RATE_LIMITS=off turns them all off.
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registeredRoutes } from '../apps/server/src/http/fastify';
import { RATE_BUDGETS, RateBudgets } from '../apps/server/src/http/rate-limits';
import { createGame } from './support/api';
import { startApp, type TestApp } from './support/app';

const listen = async (app: TestApp): Promise<string> => {
  await app.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
};

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

const expectRateLimited = async (res: Response, budget: string) => {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
  expect(await res.json()).toMatchObject({ status: 429, type: '/problems/rate-limited', budget });
};

// Bounded by count, not time: a busy 2-core machine may be slow.
jest.setTimeout(60_000);

describe('rate limits', () => {
  it('gives every route the app registers a named budget, the browser page and the contract included', async () => {
    const web = mkdtempSync(join(tmpdir(), 'logbook-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Logbook</title>');
    writeFileSync(join(web, 'main.js'), '');
    process.env.LOGBOOK_WEB_DIR = web;
    const app = await startApp({ rateLimits: true });
    try {
      const routes = registeredRoutes(app.app.getHttpAdapter().getInstance() as FastifyInstance);
      const urls = new Set(routes.map((r) => `${r.method} ${r.url}`));
      // The table is Fastify's: the API, the contract's page and assets, and the page's files.
      for (const expected of [
        'POST /games',
        'POST /games/:gameId/fork',
        'POST /games/import',
        'GET /games/:gameId/export',
        'GET /openapi.json',
        'GET /docs',
        'GET /',
        'GET /main.js',
        'HEAD /games/:gameId',
      ]) {
        expect(urls).toContain(expected);
      }
      const unbudgeted = routes.filter((r) => r.config.rateBudget === undefined || !(r.config.rateBudget in RATE_BUDGETS));
      expect(unbudgeted.map((r) => `${r.method} ${r.url}`)).toEqual([]);
      const budgetOf = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.config.rateBudget;
      expect(budgetOf('POST', '/games/:gameId/fork')).toBe('creates');
      expect(budgetOf('POST', '/games/import')).toBe('creates');
      expect(budgetOf('GET', '/games/:gameId/export')).toBe('exportBytes');
      expect(budgetOf('GET', '/games/:gameId/events')).toBe('longReads');
      expect(budgetOf('GET', '/games/:gameId/live')).toBe('longReads');
      expect(budgetOf('GET', '/games/:gameId')).toBe('reads');
      // The page's files are still served, from their own scope.
      const page = await app.http().get('/').expect(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    } finally {
      delete process.env.LOGBOOK_WEB_DIR;
      await app.dispose();
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('answers game creation past the limit with a 429 problem and Retry-After; commands count apart', async () => {
    const app = await startApp({ rateLimits: true });
    try {
      const base = await listen(app);
      const game = await createGame(app);
      // Invalid bodies still count: the budget is spent before anything is read, parsed or validated.
      const statuses: number[] = [];
      for (let i = 0; i < RATE_BUDGETS.creates.limit; i++) statuses.push((await post(`${base}/games`, '{}')).status);
      expect(new Set(statuses)).toEqual(new Set([400, 429]));
      await expectRateLimited(await post(`${base}/games`, JSON.stringify({ scenario: 'first-voyage', players: [{ name: 'A' }] })), 'creates');
      // Commands have their own, larger budget, and so do reads.
      const command = await post(`${base}/games/${game.gameId}/commands`, JSON.stringify({ commandId: 'c1', type: 'StartNavigation' }), {
        authorization: `Bearer ${game.seats[0].token}`,
      });
      expect(command.status).toBe(200);
      expect((await fetch(`${base}/games/${game.gameId}`)).status).toBe(200);
    } finally {
      await app.dispose();
    }
  });

  it('counts forks as creations: the 61st fork within a minute from one client is a 429 with Retry-After', async () => {
    // The source game is created with the budgets off, so that only forks spend the creates budget.
    const setup = await startApp({ rateLimits: false });
    const game = await createGame(setup);
    await setup.close();
    const app = await startApp({ rateLimits: true, dataDir: setup.dataDir });
    try {
      const base = await listen(app);
      const fork = () => post(`${base}/games/${game.gameId}/fork`, JSON.stringify({ at: game.revision }), { authorization: `Bearer ${game.seats[0].token}` });
      for (let i = 0; i < RATE_BUDGETS.creates.limit; i++) expect((await fork()).status).toBe(201);
      await expectRateLimited(await fork(), 'creates');
    } finally {
      await app.dispose();
    }
  });

  it('charges an export to the client by the bytes it sends', async () => {
    const app = await startApp({ rateLimits: true });
    try {
      const base = await listen(app);
      const game = await createGame(app);
      const charge = jest.spyOn(app.app.get(RateBudgets), 'charge');
      const res = await fetch(`${base}/games/${game.gameId}/export`, { headers: { authorization: `Bearer ${game.seats[0].token}` } });
      expect(res.status).toBe(200);
      const bytes = Buffer.byteLength(await res.text());
      expect(bytes).toBeGreaterThan(1000);
      const charged = charge.mock.calls
        .filter(([budget, client]) => budget === 'exportBytes' && client === '127.0.0.1')
        .reduce((sum, call) => sum + call[2], 0);
      expect(charged).toBe(bytes);
    } finally {
      await app.dispose();
    }
  });

  it('limits commands per client too', async () => {
    const app = await startApp({ rateLimits: true });
    try {
      const base = await listen(app);
      const game = await createGame(app);
      let last: Response | undefined;
      for (let i = 0; i <= RATE_BUDGETS.commands.limit; i++) {
        last = await post(`${base}/games/${game.gameId}/commands`, '{}', { authorization: `Bearer ${game.seats[0].token}` });
      }
      await expectRateLimited(last as Response, 'commands');
    } finally {
      await app.dispose();
    }
  });

  it('budgets long reads: event pages past their budget are a 429, cheap reads go on', async () => {
    const app = await startApp({ rateLimits: true });
    try {
      const base = await listen(app);
      const game = await createGame(app);
      for (let i = 0; i < RATE_BUDGETS.longReads.limit; i++) expect((await fetch(`${base}/games/${game.gameId}/events?limit=1`)).status).toBe(200);
      await expectRateLimited(await fetch(`${base}/games/${game.gameId}/timeline`), 'longReads');
      expect((await fetch(`${base}/games/${game.gameId}`)).status).toBe(200);
    } finally {
      await app.dispose();
    }
  });

  it('LOGBOOK_RATE_LIMITS=off lets every request through', async () => {
    const app = await startApp({ rateLimits: false });
    try {
      const base = await listen(app);
      for (let i = 0; i <= RATE_BUDGETS.creates.limit; i++) expect((await post(`${base}/games`, '{}')).status).toBe(400);
    } finally {
      await app.dispose();
    }
  });
});

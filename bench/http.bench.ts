// Orders through the whole server: HTTP, validation, fold, decide, durable append, response.
// Each game (first voyage, one seat) ends its turns until the blessings run out.
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { AppModule } from '../apps/server/src/app.module';
import { APP_OPTIONS, configureApp, httpAdapter } from '../apps/server/src/configure-app';

export interface HttpResult {
  games: number;
  orders: number;
  seconds: number;
  ordersPerSecond: number;
  failures: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body; the assertions that read it check its shape
async function post(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function playToTheEnd(base: string, gameId: string, token: string): Promise<{ orders: number; failures: number }> {
  let orders = 0;
  let failures = 0;
  for (let i = 0; i < 200; i++) {
    const res = await post(base, `/games/${gameId}/commands`, { commandId: `end-${i}`, type: 'EndTurn' }, token);
    orders += 1;
    if (res.status === 200) {
      if (res.json.events.some((e: { type: string }) => e.type === 'ScenarioLost')) break;
      continue;
    }
    if (res.json.rule === 'pending.response-required') {
      const choice = await post(base, `/games/${gameId}/commands`, { commandId: `choose-${i}`, type: 'ChoosePlunderType', cardType: 'weapon' }, token);
      orders += 1;
      if (choice.status === 200) continue;
      const resolve = await post(base, `/games/${gameId}/commands`, { commandId: `resolve-${i}`, type: 'ResolveStructuralDamage' }, token);
      if (resolve.status === 200) continue;
    }
    failures += 1;
    break;
  }
  return { orders, failures };
}

/** Starts the real app on `dataDir` (SQLite) and plays `games` games at once through HTTP. */
export async function measureHttpOrders(dataDir: string, games: number): Promise<HttpResult> {
  process.env.LOGBOOK_DATA_DIR = dataDir;
  delete process.env.LOGBOOK_STORE;
  const app: INestApplication = configureApp(await NestFactory.create(AppModule, httpAdapter(), { ...APP_OPTIONS, logger: false }));
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  try {
    const created = await Promise.all(Array.from({ length: games }, () => post(base, '/games', { scenario: 'first-voyage', players: [{ name: 'Bench' }] })));
    const started = performance.now();
    const results = await Promise.all(created.map(({ json }) => playToTheEnd(base, json.gameId, json.seats[0].token)));
    const seconds = (performance.now() - started) / 1000;
    const orders = results.reduce((n, r) => n + r.orders, 0);
    return { games, orders, seconds, ordersPerSecond: orders / seconds, failures: results.reduce((n, r) => n + r.failures, 0) };
  } finally {
    await app.close();
  }
}

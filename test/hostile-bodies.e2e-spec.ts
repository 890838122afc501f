/* eslint-disable @typescript-eslint/no-explicit-any -- documents and answers are poked at any depth */
// Bodies an attacker would send: ids named like object properties, deep nesting, prototype keys,
// and bodies that are not JSON at all. Each is a clear 4xx that changes no game; never a 500.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtInScenario } from '@logbook/content';
import { createGame, nextCommandId, send } from './support/api';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

// Bounded by count, not time: a busy 2-core machine may be slow.
jest.setTimeout(60_000);

const revisionOfGame = async (app: TestApp, gameId: string): Promise<number> => (await app.http().get(`/games/${gameId}/events?limit=1`)).body.revision;

describe('hostile bodies', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.dispose());

  const revisionOf = (gameId: string) => revisionOfGame(app, gameId);

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('refuses %s as an enemy ship or a boon with a rule (422), not a 500', async (id) => {
    const game = await createGame(app, 'first-voyage');
    const before = await revisionOf(game.gameId);
    for (const body of [
      { type: 'EngageShip', enemyShipId: id },
      { type: 'EngageShip', enemyShipId: 'lantern-1', boons: [id] },
      { type: 'RepelEnemy', enemyId: id },
      { type: 'Embark', shipId: id },
      { type: 'MoveCrew', crewId: id, node: id },
    ]) {
      const res = await send(app, game.gameId, game.seats[0], body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(res.body.rule).toEqual(expect.any(String));
    }
    expect(await revisionOf(game.gameId)).toBe(before);
  });

  it('refuses an inline scenario whose ship, character or enemy ship is named __proto__ (400)', async () => {
    const spoilers: Array<(d: any) => void> = [
      (d) => ((d.playerShips[0].shipId = '__proto__'), d.characters.forEach((c: any) => c.aboard === 'gull' && (c.aboard = '__proto__'))),
      (d) => (d.characters[0].characterId = '__proto__'),
      (d) => (d.enemyShips[0].enemyShipId = '__proto__'),
      (d) => (d.enemyShips[0].enemyShipId = 'constructor'),
    ];
    for (const spoil of spoilers) {
      const doc = structuredClone(builtInScenario('first-voyage')) as any;
      spoil(doc);
      const res = await app
        .http()
        .post('/games')
        .send({ scenario: doc, players: [{ name: 'A' }] });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/must be an id/);
    }
  });

  it('refuses a body nested deeper than the documented limit (32) with 400', async () => {
    const game = await createGame(app, 'first-voyage');
    const before = await revisionOf(game.gameId);
    const deep = `{"commandId":"deep","type":"EndTurn","x":${'['.repeat(1300)}${']'.repeat(1300)}}`;
    const res = await app
      .http()
      .post(`/games/${game.gameId}/commands`)
      .set('Authorization', `Bearer ${game.seats[0].token}`)
      .set('Content-Type', 'application/json')
      .send(deep);
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/problem+json');
    expect(res.body.detail).toMatch(/deeper than 32/);
    const created = await app
      .http()
      .post('/games')
      .set('Content-Type', 'application/json')
      .send(`{"scenario":${'{"a":'.repeat(40)}1${'}'.repeat(40)},"players":[{"name":"A"}]}`);
    expect(created.status).toBe(400);
    expect(await revisionOf(game.gameId)).toBe(before);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses a body with a %s key anywhere (400), not silently dropping it', async (key) => {
    const game = await createGame(app, 'first-voyage');
    const before = await revisionOf(game.gameId);
    const bodies = [
      `{"commandId":"${nextCommandId()}","type":"SetFollowShip","follow":false,"${key}":{"x":1}}`,
      `{"commandId":"${nextCommandId()}","type":"EngageShip","enemyShipId":"lantern-1","boons":[{"${key}":1}]}`,
    ];
    for (const body of bodies) {
      const res = await app
        .http()
        .post(`/games/${game.gameId}/commands`)
        .set('Authorization', `Bearer ${game.seats[0].token}`)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(key);
    }
    const created = await app
      .http()
      .post('/games')
      .set('Content-Type', 'application/json')
      .send(`{"scenario":"first-voyage","players":[{"name":"A","${key}":{}}]}`);
    expect(created.status).toBe(400);
    expect(await revisionOf(game.gameId)).toBe(before);
  });

  it('says "send JSON" once for a body that is not JSON', async () => {
    const game = await createGame(app, 'first-voyage');
    for (const [type, body] of [
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'scenario=first-voyage&players=A'],
      ['application/xml', '<game/>'],
    ]) {
      for (const path of ['/games', `/games/${game.gameId}/commands`]) {
        const res = await app.http().post(path).set('Content-Type', type).send(body);
        expect(res.status).toBe(400);
        expect(res.type).toBe('application/problem+json');
        expect(res.body.detail).toMatch(/^Send JSON/);
        expect(res.body.errors).toBeUndefined();
      }
    }
    // JSON goes through to the rules (accepted, or refused by a rule: not a 400).
    expect([200, 422]).toContain((await send(app, game.gameId, game.seats[0], { type: 'StartNavigation' })).status);
  });
});

/**
 * Sends the headers of a request that announces a large body and only the body's first bytes:
 * an answer can only come from a server that refused without reading the body.
 */
function answerBeforeBody(base: string, path: string, headers: Record<string, string>, announced: number): Promise<{ status: number; body: any }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': String(announced) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.write('{"format":"logbook-game-export"}\n');
  });
}

describe('large bodies only where they belong', () => {
  let app: TestApp;
  let base: string;
  const ADMIN = 'operator-token-0123456789';

  useOperatorToken(ADMIN);
  beforeAll(async () => {
    app = await startApp();
    await app.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.dispose();
  });

  const NDJSON = { 'content-type': 'application/x-ndjson' };
  const BIG = 64 * 1024 * 1024;

  it('refuses an import without the operator token (401) or with another token (403) before reading its body', async () => {
    const game = await createGame(app, 'first-voyage');
    expect(await answerBeforeBody(base, '/games/import', NDJSON, BIG)).toMatchObject({ status: 401, body: { type: '/problems/operator-required' } });
    const seat = { ...NDJSON, authorization: `Bearer ${game.seats[0].token}` };
    expect(await answerBeforeBody(base, '/games/import', seat, BIG)).toMatchObject({ status: 403, body: { type: '/problems/operator-required' } });
  });

  it('refuses JSON lines on every other route (415) without reading them', async () => {
    const game = await createGame(app, 'first-voyage');
    const before = await revisionOfGame(app, game.gameId);
    const seat = { ...NDJSON, authorization: `Bearer ${game.seats[0].token}` };
    for (const path of ['/games', `/games/${game.gameId}/commands`, `/games/${game.gameId}/fork`, '/no/such/route']) {
      const res = await answerBeforeBody(base, path, seat, BIG);
      expect({ path, status: res.status, type: res.body.type }).toEqual({ path, status: 415, type: '/problems/unsupported-media-type' });
    }
    expect(await revisionOfGame(app, game.gameId)).toBe(before);
  });

  it('refuses JSON on the import (400) without reading it', async () => {
    const res = await answerBeforeBody(base, '/games/import', { 'content-type': 'application/json', authorization: `Bearer ${ADMIN}` }, BIG);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/application\/x-ndjson/);
  });

  it('gives each JSON route a body limit that fits it: a command and a fork are small, a game may carry a scenario', async () => {
    const game = await createGame(app, 'first-voyage');
    const token = { authorization: `Bearer ${game.seats[0].token}`, 'content-type': 'application/json' };
    const padding = (bytes: number) => 'x'.repeat(bytes);
    // A command of 40 kB and a fork of 8 kB are refused unread (413); the limits are the routes' own.
    expect(await answerBeforeBody(base, `/games/${game.gameId}/commands`, token, 40 * 1024)).toMatchObject({ status: 413 });
    expect(await answerBeforeBody(base, `/games/${game.gameId}/fork`, token, 8 * 1024)).toMatchObject({ status: 413 });
    // A path no route matches reads no body worth the name.
    expect(await answerBeforeBody(base, '/no/such/route', { 'content-type': 'application/json' }, 4096)).toMatchObject({ status: 413 });
    // POST /games still reads up to 512 kB: a 300 kB body reaches validation (a 400 naming the field).
    const created = await app
      .http()
      .post('/games')
      .send({ scenario: 'first-voyage', players: [{ name: 'A' }], extra: padding(300 * 1024) });
    expect(created.status).toBe(400);
    expect(created.body.detail).toMatch(/extra/);
  });
});

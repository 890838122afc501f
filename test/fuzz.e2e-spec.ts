/* eslint-disable @typescript-eslint/no-explicit-any -- documents and answers are poked at any depth */
// Thousands of random and hostile requests to every endpoint (fast-check, bounded by count):
// never a 5xx, every error in the problem+json contract, and no game changed by a refused request.
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { builtInScenario } from '@logbook/content';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { createGame, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';

jest.setTimeout(240_000);

const ALLOWED = new Set([200, 201, 304, 400, 401, 403, 404, 409, 413, 415, 422, 429]);
const PROTO = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const COMMAND_TYPES = [
  'StartNavigation',
  'MoveShip',
  'TurnShip',
  'ExploreTile',
  'EndNavigation',
  'Navigate',
  'MoveCrew',
  'DropAnchor',
  'WeighAnchor',
  'EndTurn',
  'EngageShip',
  'AttemptRepair',
  'ReduceStructuralDamage',
  'ResolveStructuralDamage',
  'ChoosePlunderType',
  'LootShipwreck',
  'RepelEnemy',
  'PurgeAltar',
  'Embark',
  'Disembark',
  'SetFollowShip',
  'CreateGame',
  'Undo',
  'Redo',
];
const FIELDS = [
  'enemyShipId',
  'boons',
  'option',
  'seize',
  'direction',
  'rotation',
  'steps',
  'crewId',
  'node',
  'play',
  'discard',
  'cardType',
  'enemyId',
  'hex',
  'shipId',
  'follow',
];

/** Values a hostile client likes: prototype names, huge and odd strings, odd numbers, deep or wrong shapes. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    ...PROTO,
    '',
    ' ',
    'x'.repeat(10_000),
    '\u202E',
    '\u0000',
    'lantern-1',
    'gull',
    'cutlass',
    'rook',
    'navigation-1',
    'cw',
    'ccw',
    'move',
    'weapon',
  ),
  fc.constantFrom(null, true, false, 0, -1, 1, 5, 9, 1e308, -0, 2 ** 53, Number.MAX_SAFE_INTEGER + 2),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.constantFrom(...PROTO, 'cutlass', 'spyglass', 'x'), { maxLength: 12 }),
  fc.array(fc.array(fc.constantFrom(...PROTO, 'cutlass'), { maxLength: 3 }), { maxLength: 3 }),
  fc.constant([{ action: 'move' }, { action: 'turn', direction: 'cw' }, { action: 'explore', rotation: 2 }]),
  fc.array(fc.record({ action: fc.constantFrom('move', 'turn', 'explore', '__proto__', 'fly'), direction: fc.constantFrom('cw', 'ccw', 'up') }), {
    maxLength: 60,
  }),
  fc.record({ q: fc.integer({ min: -2000, max: 2000 }), r: fc.oneof(fc.integer(), fc.constant('0')) }),
  fc.jsonValue({ maxDepth: 4 }),
);

const commandBody: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      commandId: fc.oneof(fc.uuid(), fc.constantFrom(...PROTO, '', 'a b', 'x'.repeat(101), 'same-id')),
      type: fc.oneof(fc.constantFrom(...COMMAND_TYPES), fc.constantFrom(...PROTO), fc.string({ maxLength: 20 })),
      extra: fc.dictionary(fc.constantFrom(...FIELDS, ...PROTO.filter((p) => !['__proto__', 'constructor', 'prototype'].includes(p))), hostileValue, {
        maxKeys: 4,
      }),
    },
    { requiredKeys: ['type'] },
  )
  .map(({ extra, ...rest }) => ({ ...rest, ...extra }));

/** Raw bodies: not JSON, broken JSON, deep JSON, prototype keys in the text. */
const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.integer({ min: 1, max: 3000 }).map((n) => `{"commandId":"d","type":"EndTurn","x":${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.integer({ min: 1, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.constantFrom(...PROTO).map((k) => `{"commandId":"p","type":"EndTurn","${k}":{"polluted":true}}`),
  fc.constantFrom('{', '[]', 'null', '"x"', '1', '{"type":', '\u0000', '{"commandId":"c","type":"EndTurn"}garbage'),
);

/** A scenario document with one value somewhere replaced by a hostile one (or removed). */
const scenarioDoc: fc.Arbitrary<unknown> = fc
  .tuple(fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 6 }), hostileValue, fc.boolean(), fc.constantFrom('first-voyage', 'twin-sails'))
  .map(([path, value, remove, id]) => {
    const doc = structuredClone(builtInScenario(id)) as unknown as Record<string, unknown>;
    let node: any = doc;
    for (let i = 0; i < path.length; i++) {
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[path[i] % keys.length];
      if (i < path.length - 1 && node[key] !== null && typeof node[key] === 'object') {
        node = node[key];
        continue;
      }
      if (remove) delete node[key];
      else node[key] = value;
      break;
    }
    return doc;
  });

const headerValue = fc.oneof(
  fc.constantFrom('', '*', '"0"', 'W/"3"', '-1', 'x'.repeat(300), '\u00e9', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c'),
  fc.stringMatching(/^[\x20-\x7e]{0,60}$/),
);

describe('fuzzing every endpoint', () => {
  let app: TestApp;
  let base: string;
  let store: EventStore;
  let games: Array<{ gameId: string; seats: Seat[] }>;

  beforeAll(async () => {
    app = await startApp();
    await app.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
    store = app.app.get(EVENT_STORE);
    games = [await createGame(app, 'first-voyage', 1), await createGame(app, 'twin-sails', 2)];
  });

  afterAll(() => app.dispose());

  const revisionOf = async (gameId: string): Promise<number> => {
    const result = await store.readStream(gameStreamId(gameId), { direction: 'backwards', maxCount: 1 });
    return result.status === 'ok' ? result.events[0].revision : -1;
  };

  /** Sends one request and checks the answer against the contract; returns the status. */
  async function check(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<number> {
    const controller = new AbortController();
    const res = await fetch(`${base}${path}`, { method, headers: init.headers, body: init.body, signal: controller.signal, redirect: 'manual' });
    const type = res.headers.get('content-type') ?? '';
    if (type.startsWith('text/event-stream')) {
      controller.abort();
      expect(res.status).toBe(200);
      return res.status;
    }
    const text = method === 'HEAD' ? '' : await res.text();
    const where = `${method} ${path} → ${res.status} ${text.slice(0, 300)}`;
    expect({ where, allowed: ALLOWED.has(res.status) || (res.status >= 300 && res.status < 400) }).toEqual({ where, allowed: true });
    if (res.status >= 400 && method !== 'HEAD') {
      expect({ where, type }).toEqual({ where, type: expect.stringMatching(/^application\/problem\+json/) });
      const problem = JSON.parse(text) as Record<string, unknown>;
      expect({ where, problem }).toEqual({
        where,
        problem: expect.objectContaining({ type: expect.any(String), title: expect.any(String), status: res.status, detail: expect.any(String) }),
      });
      if (res.status === 422) expect(problem.rule).toEqual(expect.any(String));
    }
    return res.status;
  }

  const token = (choice: number): string | undefined => {
    const all = games.flatMap((g) => g.seats.map((s) => s.token));
    return choice < all.length ? all[choice] : choice === all.length ? 'not-a-token' : undefined;
  };

  it('commands: hostile bodies and headers never answer 5xx, and a refused one changes no game', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 1 }),
        fc.nat({ max: 4 }),
        fc.oneof(
          commandBody.map((b) => JSON.stringify(b)),
          rawBody,
        ),
        fc.record(
          {
            ifMatch: headerValue,
            correlation: headerValue,
            contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/merge-patch+json'),
          },
          { requiredKeys: [] },
        ),
        async (gameIndex, tokenChoice, body, extra) => {
          const game = games[gameIndex];
          const before = await revisionOf(game.gameId);
          const headers: Record<string, string> = { 'content-type': extra.contentType ?? 'application/json' };
          const t = token(tokenChoice);
          if (t) headers.authorization = `Bearer ${t}`;
          if (extra.ifMatch !== undefined) headers['if-match'] = extra.ifMatch;
          if (extra.correlation !== undefined) headers['x-correlation-id'] = extra.correlation;
          const status = await check('POST', `/games/${game.gameId}/commands`, { headers, body });
          if (status !== 200) expect(await revisionOf(game.gameId)).toBe(before);
        },
      ),
      { numRuns: 1000, seed: 11 },
    );
  });

  it('game creation: hostile and mutated scenario documents, players and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          scenarioDoc.map((scenario) => JSON.stringify({ scenario, players: [{ name: 'A' }] })),
          fc
            .record(
              {
                scenario: fc.oneof(fc.constantFrom('first-voyage', 'twin-sails', ...PROTO), hostileValue),
                players: fc.oneof(hostileValue, fc.array(fc.record({ name: hostileValue }), { maxLength: 6 })),
                mode: hostileValue,
              },
              { requiredKeys: [] },
            )
            .map((b) => JSON.stringify(b)),
          rawBody,
        ),
        fc.option(headerValue, { nil: undefined }),
        async (body, correlation) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (correlation !== undefined) headers['x-correlation-id'] = correlation;
          const status = await check('POST', '/games', { headers, body });
          expect([201, 400, 413, 422]).toContain(status);
        },
      ),
      { numRuns: 250, seed: 12 },
    );
  });

  it('reads: hostile paths, queries and headers on every endpoint', async () => {
    const segment = fc.oneof(
      fc.constantFrom(...PROTO, '..', '%2e%2e', '%00', '%E2%80%AE', 'x'.repeat(2000), '00000000-0000-0000-0000-000000000000', '-', '%'),
      fc.stringMatching(/^[A-Za-z0-9._~-]{0,70}$/),
      fc.nat({ max: 1 }).map((i) => games[i].gameId),
    );
    const query = fc.dictionary(
      fc.constantFrom('at', 'from', 'limit', 'status', 'scenario', 'cursor', '__proto__', 'constructor'),
      fc.oneof(headerValue, fc.integer().map(String), fc.constantFrom('0', '1', '1e3', '-1', '99999999999', '%00', 'active')),
      { maxKeys: 3 },
    );
    const route = fc.constantFrom('', '/events', '/live', '/commands', '/options', '/notes', '/x');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.oneof(
          fc.tuple(segment, route).map(([id, r]) => `/games/${id}${r}`),
          fc.constantFrom('/games', '/health', '/scenarios', '/', '/docs', '/openapi.json', '/games/', '//games', '/games/%'),
        ),
        query,
        fc.nat({ max: 4 }),
        fc.record({ ifNoneMatch: headerValue, lastEventId: headerValue }, { requiredKeys: [] }),
        async (method, path, q, tokenChoice, extra) => {
          if (path === '/openapi.json' || path === '/docs') return; // large documents: served once below
          const search = new URLSearchParams(q as Record<string, string>).toString();
          const headers: Record<string, string> = {};
          const t = token(tokenChoice);
          if (t) headers.authorization = `Bearer ${t}`;
          if (extra.ifNoneMatch !== undefined) headers['if-none-match'] = extra.ifNoneMatch;
          if (extra.lastEventId !== undefined) headers['last-event-id'] = extra.lastEventId;
          const revisions = await Promise.all(games.map((g) => revisionOf(g.gameId)));
          await check(method, `${path}${search ? `?${search}` : ''}`, { headers });
          expect(await Promise.all(games.map((g) => revisionOf(g.gameId)))).toEqual(revisions);
        },
      ),
      { numRuns: 1000, seed: 13 },
    );
    expect(await check('GET', '/openapi.json')).toBe(200);
  });
});

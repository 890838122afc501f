// Whatever a client sends gets a clear 4xx and changes nothing; never a 500.
import * as classTransformer from 'class-transformer';
import { builtInScenario } from '@logbook/content';
import { seededRng, type Rng } from '@logbook/rules';
import { createGame, send } from './support/api';
import { startApp, type TestApp } from './support/app';

const STRANGE_VALUES: unknown[] = [null, -1, 0, 1e9, 2.5, '', 'x'.repeat(300), [], {}, [null], { q: 'a' }, true, '__proto__'];

/** Replaces one value somewhere in the document with a strange one (or deletes it). */
function mutate(rng: Rng, doc: unknown): unknown {
  const copy = structuredClone(doc) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (let depth = 0; depth < 6; depth++) {
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[rng.int(0, keys.length - 1)];
    const child = node[key];
    if (child !== null && typeof child === 'object' && rng.int(0, 2) > 0) {
      node = child as Record<string, unknown>;
      continue;
    }
    if (rng.int(0, 4) === 0) delete node[key];
    else node[key] = STRANGE_VALUES[rng.int(0, STRANGE_VALUES.length - 1)];
    break;
  }
  return copy;
}

describe('bad input', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.dispose());

  it('answers mutated scenario documents with 201 or a 400 that says why, never a 500', async () => {
    const rng = seededRng(99);
    const base = builtInScenario('twin-sails');
    for (let i = 0; i < 150; i++) {
      const res = await app
        .http()
        .post('/games')
        .send({ scenario: mutate(rng, base), players: [{ name: 'A' }, { name: 'B' }] });
      expect([201, 400]).toContain(res.status);
      if (res.status === 400) expect(res.body.detail).toEqual(expect.any(String));
    }
  });

  it('answers mutated command bodies with a 4xx or 200, never a 500, and leaves refused ones unrecorded', async () => {
    const rng = seededRng(5);
    const game = await createGame(app, 'twin-sails', 2);
    const bodies: Record<string, unknown>[] = [
      { type: 'Navigate', steps: [{ action: 'move' }, { action: 'turn', direction: 'cw' }] },
      { type: 'EngageShip', enemyShipId: 'x', option: [0, 1], boons: [['a'], ['b']] },
      { type: 'PurgeAltar', hex: { q: 0, r: 0 } },
      { type: 'MoveCrew', crewId: 'c', node: 'navigation-1' },
      { type: 'ReduceStructuralDamage', play: ['a'], discard: ['b'] },
    ];
    for (let i = 0; i < 200; i++) {
      const body = mutate(rng, bodies[rng.int(0, bodies.length - 1)]) as Record<string, unknown>;
      const seat = game.seats[rng.int(0, 1)];
      const before = (await app.http().get(`/games/${game.gameId}`)).body.revision;
      const res = await send(app, game.gameId, seat, body);
      expect(res.status).toBeLessThan(500);
      if (res.status !== 200) expect((await app.http().get(`/games/${game.gameId}`)).body.revision).toBe(before);
    }
  });

  describe('an array over its maximum', () => {
    // class-transformer would build every element before @ArrayMaxSize is checked: it must not be asked.
    const transformed = () => jest.spyOn(classTransformer, 'plainToInstance');
    afterEach(() => jest.restoreAllMocks());

    it('POST /games with 40,322 players is a 400 before any player is transformed or validated', async () => {
      const players = Array.from({ length: 40_322 }, () => ({ name: 'A' }));
      const spy = transformed();
      const res = await app.http().post('/games').send({ scenario: 'first-voyage', players });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(['players must contain no more than 4 elements']);
      expect(spy).not.toHaveBeenCalled();
    });

    it('a fork naming 5 players is a 400 in the same words', async () => {
      const game = await createGame(app, 'first-voyage');
      const spy = transformed();
      const res = await app
        .http()
        .post(`/games/${game.gameId}/fork`)
        .set('Authorization', `Bearer ${game.seats[0].token}`)
        .send({ at: game.revision, players: Array.from({ length: 5 }, () => ({ name: 'A' })) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(['players must contain no more than 4 elements']);
      expect(spy).not.toHaveBeenCalled();
    });

    it('a Navigate of 51 steps is a 400 before any step is transformed, and records nothing', async () => {
      const game = await createGame(app, 'first-voyage');
      const before = (await app.http().get(`/games/${game.gameId}`)).body.revision;
      const spy = transformed();
      const res = await send(app, game.gameId, game.seats[0], { type: 'Navigate', steps: Array.from({ length: 51 }, () => ({ action: 'move' })) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(['steps: steps must contain no more than 50 elements']);
      expect(spy).not.toHaveBeenCalled();
      expect((await app.http().get(`/games/${game.gameId}`)).body.revision).toBe(before);
    });
  });

  it('refuses a body that is too large with 413', async () => {
    const res = await app
      .http()
      .post('/games')
      .send({ scenario: 'x'.repeat(2_000_000), players: [{ name: 'A' }] });
    expect(res.status).toBe(413);
  });
});

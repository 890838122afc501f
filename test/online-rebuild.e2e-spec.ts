// A read model rebuilt online under load: clients keep reading and playing while the server builds
// the next generation beside the live one and switches to it. Every answer is 2xx, no client ever
// sees a game's revision go backwards, and the new generation serves what an offline rebuild gives.
import { builtInScenario } from '@logbook/content';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { publicFigures } from '@logbook/projections';
import { openReadModels, recordSimulatedGame, simulateGame, toAppConfig, validateEnvironment } from '@logbook/app-core';
import { createGame, send, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

const ADMIN = 'online-rebuild-operator-token';
const operator = { Authorization: `Bearer ${ADMIN}` };
/** Rounds each client runs while the rebuild is under way (bounded by count), and after the switch. */
const MAX_ROUNDS = 400;
const ROUNDS_AFTER_SWITCH = 5;

interface Played {
  gameId: string;
  seat: Seat;
}

describe('rebuilding a read model online, under load', () => {
  let app: TestApp;
  const played: Played[] = [];

  useOperatorToken(ADMIN);
  beforeAll(async () => {
    app = await startApp();
    const store = app.app.get<EventStore>(EVENT_STORE);
    // Enough history that the replay takes a while beside the live traffic.
    for (let index = 0; index < 200; index++) {
      const simulated = simulateGame({ scenario: builtInScenario('first-voyage')!, players: 1, bot: 'idle', seed: 11, index });
      await recordSimulatedGame(store, simulated, { simulated: true, bot: 'idle', seed: 11, index, gameSeed: simulated.gameSeed });
    }
    for (let i = 0; i < 4; i++) {
      const game = await createGame(app, 'first-voyage', 1);
      played.push({ gameId: game.gameId, seat: game.seats[0]! });
    }
  }, 120_000);

  afterAll(async () => {
    await app.dispose();
  });

  it('refuses without the operator token, and an unknown read model', async () => {
    await app.http().post('/admin/read-models/game-states/rebuild').send({}).expect(401);
    await app.http().post('/admin/read-models/game-states/rebuild').set('Authorization', 'Bearer not-the-operator-token').send({}).expect(403);
    await app.http().get('/admin/read-models').expect(401);
    await app.http().post('/admin/read-models/no-such-model/rebuild').set(operator).send({}).expect(404);
    await app.http().post('/admin/read-models/analytics/rebuild').set(operator).send({ fast: true }).expect(400);
  });

  it.each(['game-states', 'analytics'] as const)(
    'rebuilds %s while every read and command answers 2xx and no revision goes backwards',
    async (name) => {
      const before = (await app.http().get('/admin/read-models').set(operator).expect(200)).body.readModels[name].generation as number;
      const failures: string[] = [];
      const backwards: string[] = [];
      let switched = false;
      let roundsAfter = 0;
      /** Answers that came while the rebuild was under way: the load must really overlap it. */
      let duringRebuild = 0;

      /** One client: reads the list, each game's board and analytics, and plays; remembers every revision it saw. */
      const client = async (id: number) => {
        const seen = new Map<string, number>();
        const saw = (what: string, gameId: string, revision: number) => {
          const key = `${what} ${gameId}`;
          if (revision < (seen.get(key) ?? -1)) backwards.push(`client ${id}: ${key} went from ${seen.get(key)} to ${revision}`);
          seen.set(key, Math.max(revision, seen.get(key) ?? -1));
        };
        const ok = (what: string, res: { status: number; text: string }) => {
          if (!switched) duringRebuild += 1;
          if (res.status < 200 || res.status > 299) failures.push(`client ${id}: ${what} answered ${res.status} ${res.text.slice(0, 200)}`);
          return res.status >= 200 && res.status <= 299;
        };
        for (let round = 0; round < MAX_ROUNDS && roundsAfter < ROUNDS_AFTER_SWITCH; round++) {
          const list = await app.http().get('/games?limit=1000');
          if (ok('GET /games', list))
            for (const game of list.body.games as Array<{ gameId: string; revision: number }>) saw('list', game.gameId, game.revision);
          const mine = played[(id + round) % played.length]!;
          const board = await app.http().get(`/games/${mine.gameId}`).set('Authorization', `Bearer ${mine.seat.token}`);
          if (ok('GET /games/:id', board)) saw('board', mine.gameId, board.body.revision as number);
          const figures = await app.http().get(`/analytics/games/${mine.gameId}`);
          if (ok('GET /analytics/games/:id', figures)) saw('analytics', mine.gameId, figures.body.revision as number);
          // One client plays: the tail the new generation must catch up with keeps moving.
          if (id === 0 && board.status === 200 && board.body.status === 'active') {
            const command = board.body.pending?.kind === 'plunder-choice' ? { type: 'ChoosePlunderType', cardType: 'weapon' } : { type: 'EndTurn' };
            ok(`command ${command.type}`, await send(app, mine.gameId, mine.seat, command));
          }
          if (switched) roundsAfter += 1;
        }
      };

      const clients = [0, 1, 2].map(client);
      const started = await app.http().post(`/admin/read-models/${name}/rebuild`).set(operator).send({}).expect(202);
      expect(started.body.started).toMatchObject({ readModel: name, generation: before + 1, state: 'replaying' });
      // A second request while it runs is refused, not queued.
      const again = await app.http().post(`/admin/read-models/${name}/rebuild`).set(operator).send({});
      expect([409, 202]).toContain(again.status);
      if (again.status === 409) expect(again.body).toMatchObject({ status: 409, type: expect.stringContaining('rebuild-in-progress') });
      let status: { state: string; generation: number } | undefined;
      for (let poll = 0; poll < 1200 && status?.state !== 'switched' && status?.state !== 'failed'; poll++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await app.http().get('/admin/read-models').set(operator).expect(200)).body.readModels[name].rebuild;
      }
      switched = true;
      await Promise.all(clients);
      expect(status).toMatchObject({ state: 'switched' });
      expect(duringRebuild).toBeGreaterThan(0);
      if (process.env.LOGBOOK_E2E_REPORT) console.log(`${name}: ${duringRebuild} answers during the rebuild, ${JSON.stringify(status)}`);
      expect(failures).toEqual([]);
      expect(backwards).toEqual([]);
      const health = (await app.http().get('/health').expect(200)).body;
      expect(health.readModels[name]).toMatchObject({ generation: (again.status === 202 ? before + 2 : before + 1) as number, rebuild: { state: 'switched' } });
    },
    300_000,
  );

  it('serves from the new generations what an offline rebuild of the same log gives', async () => {
    // Let the games settle, then compare every game's summary and figures with a fresh fold.
    await view(app, played[0]!.gameId, played[0]!.seat);
    const listed = (await app.http().get('/games?limit=1000').expect(200)).body.games as Array<{ gameId: string }>;
    const figures = await Promise.all(listed.map(async ({ gameId }) => (await app.http().get(`/analytics/games/${gameId}`).expect(200)).body));
    const store = app.app.get<EventStore>(EVENT_STORE);
    const fresh = openReadModels(store, { kind: 'memory' });
    try {
      for (const runner of Object.values(fresh.runners)) await runner.rebuild();
      // Whole rows: every summary column GET /games answers, and every analytics figure.
      expect(listed).toEqual(await fresh.gameStates.list({ limit: 1000 }));
      for (const served of figures) {
        const fold = await fresh.analytics.get(served.gameId as string);
        expect(served).toEqual(fold && JSON.parse(JSON.stringify(publicFigures(fold.figures))));
      }
    } finally {
      await fresh.close();
    }
    // The switch survives a restart: the server opens the generation it switched to.
    const config = toAppConfig(validateEnvironment(process.env)).readModels;
    expect(config.kind).toBe('sqlite');
    app = await app.restart();
    const after = (await app.http().get('/admin/read-models').set(operator).expect(200)).body.readModels;
    expect(after['game-states'].generation).toBeGreaterThanOrEqual(1);
    expect(after.analytics.generation).toBeGreaterThanOrEqual(1);
    expect((await app.http().get('/games?limit=1000').expect(200)).body.games).toHaveLength(listed.length);
  }, 120_000);
});

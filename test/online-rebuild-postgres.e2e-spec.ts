// A read model rebuilt online by two servers sharing one PostgreSQL: the rebuild is asked of the
// server that does not run the read model, which records it; the one that runs it builds the next
// generation while both answer every read, and both switch to it. No answer on either server fails
// or shows a game's revision going backwards.
import { builtInScenario } from '@logbook/content';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { recordSimulatedGame, simulateGame } from '@logbook/app-core';
import { seededRng } from '@logbook/rules';
import { createGame, send, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

const ADMIN = 'online-rebuild-postgres-operator-token';
const operator = { Authorization: `Bearer ${ADMIN}` };
/** Rounds each client runs at most (bounded by count), and after both servers switched. */
const MAX_ROUNDS = 2000;
const ROUNDS_AFTER_SWITCH = 5;

interface Played {
  gameId: string;
  seat: Seat;
}

describe('rebuilding a read model online on two servers sharing PostgreSQL', () => {
  let database: TestDatabase;
  let east: TestApp;
  let west: TestApp;
  const played: Played[] = [];

  useOperatorToken(ADMIN);
  beforeAll(async () => {
    database = await createTestDatabase('online_rebuild');
    east = await startApp({ postgres: { url: database.url, serverId: 'east' }, rng: seededRng(3) });
    west = await startApp({ postgres: { url: database.url, serverId: 'west' }, rng: seededRng(3) });
    // History enough that the replay takes a while beside the live traffic.
    const store = east.app.get<EventStore>(EVENT_STORE);
    for (let index = 0; index < 60; index++) {
      const simulated = simulateGame({ scenario: builtInScenario('first-voyage')!, players: 1, bot: 'idle', seed: 5, index });
      await recordSimulatedGame(store, simulated, { simulated: true, bot: 'idle', seed: 5, index, gameSeed: simulated.gameSeed });
    }
    for (let i = 0; i < 6; i++) {
      const game = await createGame(i % 2 ? west : east, 'first-voyage', 1);
      played.push({ gameId: game.gameId, seat: game.seats[0]! });
    }
  }, 120_000);

  afterAll(async () => {
    await east?.dispose();
    await west?.dispose();
    await database?.drop();
  });

  const readModelsOn = async (app: TestApp) =>
    (await app.http().get('/admin/read-models').set(operator).expect(200)).body.readModels as Record<
      string,
      { generation: number; rebuild: { state: string; generation: number } | null }
    >;

  it('builds game-states asked of the server that does not run it; both answer every read and switch', async () => {
    const health = (await east.http().get('/health').expect(200)).body;
    const runBy = health.readModels['game-states'].runBy as string;
    const [holder, other] = runBy === 'east' ? [east, west] : [west, east];
    const before = (await readModelsOn(other))['game-states']!.generation;
    const failures: string[] = [];
    const backwards: string[] = [];
    let switched = false;
    let roundsAfter = 0;
    let duringRebuild = 0;

    /** One client of one server: the list, a game's board, and (client 0) plays on; every revision it saw only grows. */
    const client = async (app: TestApp, id: number) => {
      const seen = new Map<string, number>();
      const saw = (key: string, revision: number) => {
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
          for (const game of list.body.games as Array<{ gameId: string; revision: number }>) saw(`list ${game.gameId}`, game.revision);
        const mine = played[(id + round) % played.length]!;
        const board = await app.http().get(`/games/${mine.gameId}`).set('Authorization', `Bearer ${mine.seat.token}`);
        if (ok('GET /games/:id', board)) saw(`board ${mine.gameId}`, board.body.revision as number);
        if (id === 0 && board.status === 200 && board.body.status === 'active')
          ok('command EndTurn', await send(app, mine.gameId, mine.seat, { type: 'EndTurn' }));
        if (switched) roundsAfter += 1;
      }
    };

    const clients = [client(holder, 0), client(other, 1), client(other, 2)];
    const started = await other.http().post('/admin/read-models/game-states/rebuild').set(operator).send({}).expect(202);
    expect(started.body.started).toMatchObject({ readModel: 'game-states', generation: before + 1, state: 'requested' });
    // Recorded: a second request, on the server that asked, is refused.
    const again = await other.http().post('/admin/read-models/game-states/rebuild').set(operator).send({}).expect(409);
    expect(again.body).toMatchObject({ status: 409, type: expect.stringContaining('rebuild-in-progress') });
    let states: Array<{ generation: number; rebuild: { state: string } | null }> = [];
    for (let poll = 0; poll < 1200; poll++) {
      states = await Promise.all([holder, other].map(async (app) => (await readModelsOn(app))['game-states']!));
      if (states.some((s) => s.rebuild?.state === 'failed') || states.every((s) => s.generation === before + 1 && s.rebuild?.state === 'switched')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    switched = true;
    await Promise.all(clients);
    expect(states).toEqual([
      expect.objectContaining({ generation: before + 1, rebuild: expect.objectContaining({ state: 'switched' }) }),
      expect.objectContaining({ generation: before + 1, rebuild: expect.objectContaining({ state: 'switched' }) }),
    ]);
    expect(duringRebuild).toBeGreaterThan(0);
    if (process.env.LOGBOOK_E2E_REPORT) console.log(`game-states on PostgreSQL: ${duringRebuild} answers during the rebuild, ${JSON.stringify(states)}`);
    expect(failures).toEqual([]);
    expect(backwards).toEqual([]);
    const after = (await other.http().get('/health').expect(200)).body.readModels['game-states'];
    expect(after).toMatchObject({ generation: before + 1, rebuild: { state: 'switched', generation: before + 1 } });
    // Both servers list every game from the new generation.
    for (const app of [holder, other]) expect((await app.http().get('/games?limit=1000').expect(200)).body.games).toHaveLength(played.length + 60);
  }, 180_000);
});

// Several Logbook servers on one EventStoreDB (the protocol-level test server, through the real
// client): each server has its own store connection, caches, read models and live feeds, and
// they agree through the store alone. Separate OS processes in the last test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { EventStoreAccessDeniedError } from '@logbook/event-store';
import { EventStoreDbEventStore } from '@logbook/event-store/eventstoredb/eventstoredb-event-store';
import { type TestEventStoreDb, startTestEventStoreDb } from '@logbook/event-store/eventstoredb/testing';
import { gameEventUpcasters, InMemoryPersonalDataKeys, PersonalDataVault } from '@logbook/game-log';
import { seededRng } from '@logbook/rules';
import { createGame, nextCommandId, play, view } from './support/api';
import { startApp, type TestApp } from './support/app';
import { readSse } from './support/sse';

// Servers, gRPC and child processes on a shared 2-core machine: time for slow moments.
jest.setTimeout(30_000);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('Logbook servers on one EventStoreDB (test server), each with its own connection', () => {
  let esdb: TestEventStoreDb;
  let east: TestApp;
  let west: TestApp;

  const connect = () => new EventStoreDbEventStore({ connectionString: esdb.connectionString, upcasters: gameEventUpcasters() });

  beforeEach(async () => {
    esdb = await startTestEventStoreDb();
    // Servers on one EventStoreDB share one home of the personal-data keys (LOGBOOK_PERSONAL_DATA_KEYS).
    const keys = new PersonalDataVault(new InMemoryPersonalDataKeys());
    east = await startApp({ store: connect(), rng: seededRng(7), keys });
    west = await startApp({ store: connect(), rng: seededRng(7), keys });
  });

  afterEach(async () => {
    await east.dispose();
    await west.dispose();
    esdb.close();
  });

  it('an order sent to one server is seen by the board view, the live feed and the games list of the other', async () => {
    const game = await createGame(east);
    const [seat] = game.seats;
    const address = await listen(west);
    let recorded = -1;
    try {
      const feed = readSse(
        `${address}/games/${game.gameId}/live?from=${game.revision + 1}`,
        { Authorization: `Bearer ${seat.token}` },
        (messages) => messages.some((message) => message.event === 'NavigationOrderIssued'),
        async () => (recorded = (await play(east, game.gameId, seat, { type: 'StartNavigation' })).revision),
        15_000,
      );
      const { messages } = await feed;
      expect(messages.map((message) => message.event)).toContain('NavigationOrderIssued');
    } finally {
      west.app.getHttpServer().close();
    }
    const [fromEast, fromWest] = [await view(east, game.gameId, seat), await view(west, game.gameId, seat)];
    expect(fromWest).toEqual(fromEast);
    const listed = (await west.http().get('/games').expect(200)).body.games as { gameId: string; revision: number }[];
    expect(listed.find((summary) => summary.gameId === game.gameId)?.revision).toBe(recorded);
    const eastListed = (await east.http().get('/games').expect(200)).body.games;
    expect(listed).toEqual(eastListed);
  });

  it('a live feed keeps going when the store drops its subscription (resumed after the last event it sent)', async () => {
    const game = await createGame(east);
    const [seat] = game.seats;
    const address = await listen(west);
    try {
      const { messages } = await readSse(
        `${address}/games/${game.gameId}/live?from=0`,
        { Authorization: `Bearer ${seat.token}` },
        (received) => received.some((message) => message.event === 'ShipMoved'),
        async () => {
          await play(east, game.gameId, seat, { type: 'StartNavigation' });
          await sleep(100);
          esdb.dropSubscriptions();
          await play(east, game.gameId, seat, { type: 'MoveShip' });
        },
        15_000,
      );
      const revisions = messages.map((message) => Number(message.id));
      expect(revisions).toEqual([...revisions.keys()]);
      expect(messages.map((message) => message.event)).toEqual(expect.arrayContaining(['NavigationOrderIssued', 'ShipMoved']));
    } finally {
      west.app.getHttpServer().close();
    }
  });

  it('/health says the store is down and the read model reconnecting while EventStoreDB is stopped, and ok once it is back', async () => {
    await createGame(east);
    esdb.stop();
    let down: request.Response | undefined;
    for (let i = 0; i < 100; i++) {
      down = await west.http().get('/health');
      if (down.body.readModels?.['game-states']?.status === 'reconnecting') break;
      await sleep(50);
    }
    expect(down!.status).toBe(503);
    expect(down!.body).toMatchObject({ status: 'error', store: { status: 'down' }, readModels: { 'game-states': { status: 'reconnecting' } } });
    await esdb.restart();
    const game = await createGame(east).catch(async () => (await sleep(500), createGame(east)));
    let up: request.Response | undefined;
    for (let i = 0; i < 200; i++) {
      up = await west.http().get('/health');
      if (up.status === 200 && up.body.status === 'ok') break;
      await sleep(50);
    }
    expect(up!.body).toMatchObject({ status: 'ok', readModels: { 'game-states': { status: 'running' } } });
    const listed = (await west.http().get('/games').expect(200)).body.games as { gameId: string }[];
    expect(listed.map((summary) => summary.gameId)).toContain(game.gameId);
  });

  it('a game whose stream was deleted (tombstoned) answers 410 Gone, not a crash', async () => {
    const game = await createGame(east);
    esdb.tombstone(`game-${game.gameId}`);
    const res = await west.http().get(`/games/${game.gameId}`);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ type: '/problems/game-deleted' });
  });

  it('a server whose user may not read $all stops at start-up with a message naming the fix', async () => {
    esdb.denyAllReads(true);
    const error = await startApp({ store: connect() }).then(
      async (app) => (await app.dispose(), undefined),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EventStoreAccessDeniedError);
    expect((error as Error).message).toMatch(/\$admins.*EVENTSTORE_CONNECTION_STRING/);
  });

  it('decides racing orders from both servers in turn: one wins, the other meets the rules on the new state', async () => {
    const game = await createGame(east);
    const [seat] = game.seats;
    const [a, b] = await Promise.all(
      [east, west].map((app) =>
        app
          .http()
          .post(`/games/${game.gameId}/commands`)
          .set('Authorization', `Bearer ${seat.token}`)
          .send({ commandId: nextCommandId(), type: 'StartNavigation' }),
      ),
    );
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const events = (await east.http().get(`/games/${game.gameId}/events`).expect(200)).body.events as { type: string }[];
    expect(events.filter((event) => event.type === 'NavigationOrderIssued')).toHaveLength(1);
  });

  it('applies a command sent to both servers at once exactly once', async () => {
    const game = await createGame(west);
    const body = { commandId: 'same-order', type: 'StartNavigation' };
    const auth = `Bearer ${game.seats[0].token}`;
    const answers = await Promise.all([east, west].map((app) => app.http().post(`/games/${game.gameId}/commands`).set('Authorization', auth).send(body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0].body).toEqual(answers[1].body);
  });
});

describe('Logbook server processes on one EventStoreDB (test server)', () => {
  let esdb: TestEventStoreDb;
  const servers: ChildProcess[] = [];
  const dataDirs: string[] = [];
  // The processes share one file of personal-data keys, as servers on one EventStoreDB must.
  const sharedKeys = join(mkdtempSync(join(tmpdir(), 'logbook-scale-out-keys-')), 'personal-data-keys.sqlite');

  beforeAll(async () => {
    esdb = await startTestEventStoreDb();
  });
  afterAll(async () => {
    for (const child of servers) child.kill('SIGTERM');
    await Promise.all(servers.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
    esdb.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function startServer(): Promise<string> {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'logbook-scale-out-'));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, '../apps/server/src/main.ts')], {
      cwd: join(__dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        LOGBOOK_STORE: 'eventstoredb',
        EVENTSTORE_CONNECTION_STRING: esdb.connectionString,
        LOGBOOK_DATA_DIR: dataDir,
        LOGBOOK_PERSONAL_DATA_KEYS: sharedKeys,
        LOGBOOK_RATE_LIMITS: 'off',
      },
      stdio: 'ignore',
    });
    servers.push(child);
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const up = await request(url)
        .get('/health')
        .then(
          (res) => res.status === 200,
          () => false,
        );
      if (up) return url;
      await sleep(100);
    }
    throw new Error('server did not start');
  }

  it('two processes serve the same game: orders alternate between them; board, live feed and games list of each show the other’s', async () => {
    const [east, west] = await Promise.all([startServer(), startServer()]);
    const created = await request(east)
      .post('/games')
      .send({ scenario: 'first-voyage', players: [{ name: 'Ana' }] })
      .expect(201);
    const { gameId, seats } = created.body as { gameId: string; seats: { token: string }[] };
    const auth = `Bearer ${seats[0].token}`;
    // Orders legal whatever the server's random draws were (these processes use the OS CSPRNG).
    const order = (url: string, type: string, fields: object = {}) =>
      request(url)
        .post(`/games/${gameId}/commands`)
        .set('Authorization', auth)
        .send({ commandId: nextCommandId(), type, ...fields });
    // A random setup leaves a choice pending now and then (about one game in seven): answer it first.
    let started = await order(west, 'StartNavigation');
    if (started.body.rule === 'pending.response-required') {
      const chose = await order(west, 'ChoosePlunderType', { cardType: 'weapon' });
      if (chose.status !== 200) await order(west, 'ResolveStructuralDamage');
      started = await order(west, 'StartNavigation');
    }
    expect([started.status, started.body.rule]).toEqual([200, undefined]);
    // West's live feed is driven by its own subscription to the store: it sees East's order.
    const { messages } = await readSse(
      `${west}/games/${gameId}/live?from=0`,
      { Authorization: auth },
      (received) => received.some((message) => message.event === 'ShipTurned'),
      async () => expect((await order(east, 'TurnShip', { direction: 'cw' })).status).toBe(200),
      30_000,
    );
    expect(messages.map((message) => message.event)).toEqual(expect.arrayContaining(['GameCreated', 'NavigationOrderIssued', 'ShipTurned']));
    expect((await order(west, 'EndNavigation')).status).toBe(200);
    const [fromEast, fromWest] = await Promise.all(
      [east, west].map(async (url) => (await request(url).get(`/games/${gameId}`).set('Authorization', auth).expect(200)).body),
    );
    expect(fromWest).toEqual(fromEast);
    const lists = await Promise.all([east, west].map(async (url) => (await request(url).get('/games').expect(200)).body.games));
    expect(lists[0]).toEqual(lists[1]);
    expect(lists[1].map((summary: { gameId: string }) => summary.gameId)).toContain(gameId);
  }, 120_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function listen(app: TestApp): Promise<string> {
  const server = app.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('a Logbook server on a 3-member EventStoreDB test cluster', () => {
  let cluster: TestEventStoreDb;
  let store: EventStoreDbEventStore;
  let app: TestApp;

  beforeEach(async () => {
    cluster = await startTestEventStoreDb({ nodes: 3 });
    store = new EventStoreDbEventStore({ connectionString: cluster.connectionString, upcasters: gameEventUpcasters() });
    app = await startApp({ store, rng: seededRng(11) });
  });
  afterEach(async () => {
    await app.dispose();
    cluster.close();
  });

  it('a leader change mid-load loses no acknowledged order and applies none twice', async () => {
    const games = await Promise.all(Array.from({ length: 6 }, () => createGame(app)));
    const acknowledged = new Map<string, { commandId: string; events: { revision: number; type: string }[] }[]>();
    let sent = 0;
    const statuses = new Map<number, number>();
    const playOne = async (game: (typeof games)[number]) => {
      const auth = `Bearer ${game.seats[0].token}`;
      const answers: { commandId: string; events: { revision: number; type: string }[] }[] = [];
      acknowledged.set(game.gameId, answers);
      let next: Record<string, unknown> = { type: 'EndTurn' };
      for (let i = 0; answers.length < 10 && i < 100; i++) {
        // After a 503 (outcome unknown) the same order goes again with the same commandId.
        const commandId = `${game.gameId}-${answers.length}-${String(next.type)}`;
        const res = await app
          .http()
          .post(`/games/${game.gameId}/commands`)
          .set('Authorization', auth)
          .send({ commandId, ...next });
        sent += 1;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) {
          answers.push({ commandId, events: res.body.events });
          if (res.body.events.some((event: { type: string }) => event.type === 'ScenarioLost' || event.type === 'ScenarioWon')) break;
          next = { type: 'EndTurn' };
        } else if (res.status === 422 && res.body.rule === 'pending.response-required') {
          next = { type: 'ChoosePlunderType', cardType: 'weapon' };
        } else if (res.status === 422 && next.type === 'ChoosePlunderType') {
          next = { type: 'ResolveStructuralDamage' };
        } else if (res.status !== 503) {
          throw new Error(`${String(next.type)} answered ${res.status}: ${JSON.stringify(res.body)}`);
        }
      }
    };
    const load = Promise.all(games.map(playOne));
    while (sent < 20) await sleep(5);
    cluster.changeLeader();
    while (sent < 40) await sleep(5);
    cluster.changeLeader();
    await load;

    for (const game of games) {
      const stored = await store.readStream(`game-${game.gameId}`);
      const events = stored.status === 'ok' ? stored.events : [];
      for (const answer of acknowledged.get(game.gameId)!) {
        const recorded = events.filter((event) => event.metadata.commandId === answer.commandId);
        expect(recorded.map((event) => [event.revision, event.type])).toEqual(answer.events.map((event) => [event.revision, event.type]));
      }
      expect(events.map((event) => event.revision)).toEqual([...events.keys()]);
    }
    expect([...acknowledged.values()].flat().length).toBeGreaterThan(20);
    expect([...statuses.keys()].every((status) => [200, 422, 503].includes(status))).toBe(true);
  }, 120_000);
});

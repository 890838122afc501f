// Servers sharing one real PostgreSQL for the read-model specs: a database of each test's own,
// the games every test appends, and the checks that every server reads what a fresh fold gives.
import { Client } from 'pg';
import type { EventStore } from '@logbook/event-store';
import { PostgresEventStore } from '@logbook/event-store/postgres/postgres-event-store';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { GAME_STREAM_PREFIX, effectiveState, gameEventUpcasters, gameStreamId, toNewEvents } from '@logbook/game-log';
import { foldAnalyticsLog } from '@logbook/projections';
import type { GameEvent } from '@logbook/rules';
import { playRandomGame } from '@logbook/rules/testing/random-play';
import { openReadModels, type OpenReadModelsOptions, type ReadModels } from '../read-models';

const FILTER = { streamPrefixes: [GAME_STREAM_PREFIX] };

/** Waits for `check` to hold, a bounded number of times (never a fixed delay). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

export interface Server {
  id: string;
  store: EventStore;
  models: ReadModels;
  close(): Promise<void>;
}

/** Registers the enclosing block's hooks: six games' logs, a database per test, its servers closed after it. */
export function useSharedServers(name: string) {
  let database: TestDatabase;
  let sql: Client;
  const games = new Map<string, GameEvent[]>();
  const servers: Server[] = [];

  const open = async (id: string, url = database.url, leaseRetryMs = 100, options: OpenReadModelsOptions = {}): Promise<Server> => {
    const store = new PostgresEventStore({ url, upcasters: gameEventUpcasters(), pollMs: 100 });
    const models = openReadModels(store, { kind: 'postgres', url, serverId: id }, { leaseRetryMs, ...options });
    for (const runner of Object.values(models.runners)) await runner.start();
    let closed = false;
    const server = {
      id,
      store,
      models,
      async close() {
        if (closed) return;
        closed = true;
        await models.close();
        await store.close();
      },
    };
    servers.push(server);
    return server;
  };

  /** Appends each game's events from `from` (a fraction of its log) to `to`, the games interleaved. */
  async function append(store: EventStore, from: number, to: number): Promise<void> {
    for (let chunk = 0; chunk < 10; chunk++) {
      for (const [gameId, events] of games) {
        const start = Math.floor(events.length * (from + ((to - from) * chunk) / 10));
        const end = Math.floor(events.length * (from + ((to - from) * (chunk + 1)) / 10));
        if (end <= start) continue;
        await store.append(gameStreamId(gameId), toNewEvents(gameId, `c${start}`, events.slice(start, end), {}), start === 0 ? 'no_stream' : start - 1);
      }
    }
  }

  /** Every game once in the shared tables, as a fresh fold of its log has it, read from `server`. */
  async function expectUpToDate(server: Server): Promise<void> {
    const last = await server.store.lastPosition(FILTER);
    await Promise.all(Object.values(server.models.runners).map((runner) => runner.whenHandled(last!)));
    const listed = await server.models.gameStates.list({ limit: 1000 });
    expect(listed.map((g) => g.gameId).sort()).toEqual([...games.keys()].sort());
    for (const gameId of games.keys()) {
      const stream = await server.store.readStream(gameStreamId(gameId));
      if (stream.status !== 'ok') throw new Error(`no stream ${gameId}`);
      const record = await server.models.gameStates.get(gameId);
      expect(record?.revision).toBe(stream.events.length - 1);
      expect(record?.state).toEqual(effectiveState(stream.events));
      expect(await server.models.analytics.get(gameId)).toEqual(foldAnalyticsLog(gameId, stream.events));
    }
  }

  beforeAll(() => {
    for (let seed = 1; seed <= 6; seed++) {
      const gameId = `g${seed}`;
      games.set(gameId, playRandomGame(seed % 2 ? 'first-voyage' : 'twin-sails', { seed, players: 1 + (seed % 3), commands: 200, gameId }).events);
    }
  });

  // A database of each test's own: the servers of one test never meet another's tables or locks.
  beforeEach(async () => {
    database = await createTestDatabase(name);
    sql = new Client({ connectionString: database.url });
    // The restart spec may restart the shared cluster meanwhile: an idle client's 'error' must not end the worker.
    sql.on('error', () => undefined);
    await sql.connect();
  });

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await sql.end();
    await database.drop();
  });

  return {
    get database(): TestDatabase {
      return database;
    },
    /** A connection of the test's own, as an operator's SQL. */
    get sql(): Client {
      return sql;
    },
    games,
    open,
    append,
    expectUpToDate,
  };
}

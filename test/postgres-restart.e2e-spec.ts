// Two Logbook servers on one PostgreSQL while PostgreSQL itself restarts in the middle of a load
// (`pg_ctlcluster 15 main restart`, the machine's shared cluster: this spec is the only e2e spec
// that restarts it). What a client is promised: an order answered 200 is in the log, once; an order
// whose outcome the server could not know answers 503 and, sent again with its commandId, is
// applied once; the servers reconnect by themselves; a live feed followed from before the restart
// (reconnecting with its last id if the server ended it) sees every event once, in order; both
// servers' games lists come back up to date.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { seededRng } from '@logbook/rules';
import { createGame, nextCommandId } from './support/api';
import { ErrorLog, startApp, type TestApp } from './support/app';
import { readSse, type SseMessage } from './support/sse';

const baseOf = (app: TestApp): string => `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Game = Awaited<ReturnType<typeof createGame>>;

// A whole Navigation order, then its undo, again and again: a load as long as needed that never
// ends the game (three orders a turn, and the clock runs only at a turn's end).
const NAVIGATE = { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] };
const UNDO = { type: 'Undo' };

/** An answer that is neither 200 nor "outcome unknown", kept whole for the failure message. */
interface OddAnswer {
  commandId: string;
  status: number;
  body: string;
}

/**
 * Sends one order until it has an answer that is not "outcome unknown" (a 503 or no connection), a
 * bounded number of times. Any other answer than 200 is kept in `odd` with its body.
 */
async function sendUntilKnown(
  base: string,
  game: Game,
  commandId: string,
  command: Record<string, unknown> = NAVIGATE,
  odd: OddAnswer[] = [],
): Promise<{ first: number; last: number }> {
  let first = 0;
  for (let attempt = 0; attempt < 300; attempt++) {
    const status = await fetch(`${base}/games/${game.gameId}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${game.seats[0].token}` },
      body: JSON.stringify({ commandId, ...command }),
    }).then(
      async (res) => {
        if (res.status !== 200 && res.status !== 503) odd.push({ commandId, status: res.status, body: await res.text().catch(String) });
        return res.status;
      },
      () => 0,
    );
    first ||= status;
    if (status !== 503 && status !== 0) return { first, last: status };
    await pause(100);
  }
  throw new Error(`order ${commandId} never got a known outcome`);
}

/** What a failure prints: the answers that were neither 200 nor "unknown", with their bodies, and what the servers logged as errors. */
const evidence = (odd: readonly OddAnswer[], errorLog: ErrorLog): string =>
  `answers neither 200 nor 503:\n${odd.map((a) => `  ${a.commandId}: ${a.status} ${a.body}`).join('\n') || '  (none)'}\n` +
  `errors the servers logged:\n${errorLog.toString()}`;

describe('two servers on one PostgreSQL that restarts mid-load', () => {
  let database: TestDatabase;
  let east: TestApp;
  let west: TestApp;
  // What both servers log as errors (the stack behind a 500): printed with any failure.
  const errorLog = new ErrorLog();

  beforeAll(async () => {
    database = await createTestDatabase('pg_restart');
    east = await startApp({ postgres: { url: database.url, serverId: 'east' }, rng: seededRng(3), errorLog });
    west = await startApp({ postgres: { url: database.url, serverId: 'west' }, rng: seededRng(3), errorLog });
    await Promise.all([east, west].map((app) => app.app.listen(0, '127.0.0.1')));
  });

  afterAll(async () => {
    await east?.dispose();
    await west?.dispose();
    await database?.drop();
  });

  it('loses no acknowledged order, applies none twice, and brings live feeds and read models back with no gap', async () => {
    const games = [await createGame(east, 'first-voyage', 1, 'sandbox'), await createGame(west, 'first-voyage', 1, 'sandbox')];
    const followed = games[0];
    const seen: SseMessage[] = [];
    let lastSeen = followed.revision;
    let target = Number.POSITIVE_INFINITY;

    // The feed on west, from before the load; when the server ends it, it is opened again from its last id.
    const follow = (async () => {
      for (let reconnects = 0; lastSeen < target && reconnects < 50; reconnects++) {
        const { messages } = await readSse(
          `${baseOf(west)}/games/${followed.gameId}/live?from=${lastSeen + 1}`,
          { Authorization: `Bearer ${followed.seats[0].token}` },
          (all) => {
            const ids = all.filter((m) => m.id !== undefined);
            const last = ids.length > 0 ? Number(ids[ids.length - 1].id) : lastSeen;
            return last >= target;
          },
          async () => undefined,
          120_000,
        ).catch(() => ({ messages: [] as SseMessage[] }));
        for (const message of messages) {
          if (message.id === undefined) continue;
          seen.push(message);
          lastSeen = Math.max(lastSeen, Number(message.id));
        }
        if (lastSeen < target) await pause(200);
      }
    })();

    // Orders on both games through both servers; the cluster restarts while they flow.
    const answers = new Map<string, { first: number; last: number }>();
    const odd: OddAnswer[] = [];
    let restarted = false;
    const load = Promise.all(
      games.map(async (game, g) => {
        for (let i = 0; i < 40 || !restarted || i % 2 === 1; i++) {
          const commandId = nextCommandId();
          answers.set(commandId, await sendUntilKnown(baseOf((i >> 1) % 2 === g ? east : west), game, commandId, i % 2 === 0 ? NAVIGATE : UNDO, odd));
          if (i > 400) break;
        }
      }),
    );
    await pause(300);
    await promisify(execFile)('pg_ctlcluster', ['15', 'main', 'restart']);
    restarted = true;
    await load;

    const outcomes = [...answers.values()];
    // Every order ends accepted; some were answered "unknown" first (the restart was felt) and then applied once.
    // (The same check as `outcomes.every(o => o.last === 200)`, failing with the odd answers and the servers' errors.)
    const accepted = 'every order answered 200 in the end';
    expect(outcomes.every((o) => o.last === 200) ? accepted : evidence(odd, errorLog)).toBe(accepted);
    expect(outcomes.some((o) => o.first === 503 || o.first === 0)).toBe(true);

    // The log: each order's events are one run, in one place, and every order is there.
    for (const game of games) {
      const events = (await east.http().get(`/games/${game.gameId}/events`).expect(200)).body.events as Array<{ revision: number; commandId?: string }>;
      const runs: string[] = [];
      for (const event of events) if (event.commandId && event.commandId !== runs[runs.length - 1]) runs.push(event.commandId);
      expect(new Set(runs).size).toBe(runs.length);
      expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));
    }
    const logged = new Set<string>();
    for (const game of games) {
      const events = (await west.http().get(`/games/${game.gameId}/events`).expect(200)).body.events as Array<{ commandId?: string }>;
      for (const event of events) if (event.commandId) logged.add(event.commandId);
    }
    for (const commandId of answers.keys()) expect(logged.has(commandId)).toBe(true);

    // The live feed: the head now, then one more order, whose first event ends the feed's reading;
    // the feed saw every revision once, in order, up to it.
    const head = (await east.http().get(`/games/${followed.gameId}/events`).expect(200)).body.events.at(-1).revision as number;
    target = head + 1;
    expect((await sendUntilKnown(baseOf(east), followed, nextCommandId())).last).toBe(200);
    await follow;
    expect(lastSeen).toBeGreaterThanOrEqual(target);
    const revisions = seen.map((m) => Number(m.id));
    expect(revisions).toEqual(Array.from({ length: lastSeen - followed.revision }, (_, i) => followed.revision + 1 + i));

    // The shared read models: both servers list both games at their last revision.
    for (const app of [east, west]) {
      const current = async () =>
        Promise.all(games.map(async (game) => (await app.http().get(`/games/${game.gameId}/events`).expect(200)).body.events.at(-1).revision as number));
      const heads = await current();
      let listed: Array<{ gameId: string; revision: number }> = [];
      for (let i = 0; i < 300; i++) {
        listed = (await app.http().get('/games').expect(200)).body.games;
        if (games.every((game, g) => listed.find((l) => l.gameId === game.gameId)?.revision === heads[g])) break;
        await pause(100);
      }
      expect(listed.map((l) => [l.gameId, l.revision]).sort()).toEqual(games.map((game, g) => [game.gameId, heads[g]]).sort());
    }
    const health = (await west.http().get('/health').expect(200)).body;
    expect(health).toMatchObject({ status: 'ok', store: { status: 'up' } });
  }, 240_000);

  // What the restart can do to a server's first order for a game it has not loaded, made certain:
  // that order folds the log, and opening the seat's sealed name reads the personal-data key table
  // (a pool of its own). When PostgreSQL ends that session under the read, as a shutdown ends every
  // session, the order's outcome is unknown like that of any order the store failed: a 503, and the
  // same order sent again once the table answers is applied. (It was a 500: the driver's error.)
  it('answers 503, not 500, when the key table is lost under a first load, and the order sent again is applied', async () => {
    const game = await createGame(east, 'first-voyage', 1, 'sandbox');
    // Both servers' read models have opened the new game's names (their reads of the key table are done).
    for (const app of [east, west]) {
      for (let i = 0; i < 300; i++) {
        if (((await app.http().get('/games').expect(200)).body.games as Array<{ gameId: string }>).some((l) => l.gameId === game.gameId)) break;
        await pause(100);
      }
    }
    // One session holds the table; another watches (a transaction sees one snapshot of pg_stat_activity).
    const [admin, watcher] = [new Client({ connectionString: database.url }), new Client({ connectionString: database.url })];
    await Promise.all([admin.connect(), watcher.connect()]);
    const waitingForKeys = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'logbook keys' AND wait_event_type = 'Lock'`;
    const odd: OddAnswer[] = [];
    const commandId = nextCommandId();
    try {
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE logbook_personal_data_keys IN ACCESS EXCLUSIVE MODE');
      let answered: { status: number; body: string } | undefined;
      const answer = fetch(`${baseOf(west)}/games/${game.gameId}/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${game.seats[0].token}` },
        body: JSON.stringify({ commandId, ...NAVIGATE }),
      }).then(async (res) => (answered = { status: res.status, body: await res.text() }));
      // Every session that waits for the table is ended as a shutdown ends it (57P01, terminating
      // connection due to administrator command), until the order is answered.
      let ended = 0;
      for (let i = 0; i < 500 && !answered; i++) {
        const waiting = (await watcher.query<{ pid: number }>(waitingForKeys)).rows.map((r) => r.pid);
        if (waiting.length > 0) ended += (await watcher.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [waiting])).rowCount ?? 0;
        await pause(20);
      }
      const { status, body } = await answer;
      expect(ended).toBeGreaterThan(0);
      expect(status === 503 ? 503 : `${status} ${body}\n${errorLog.toString()}`).toBe(503);
      expect(JSON.parse(body)).toMatchObject({ type: '/problems/store-unavailable', status: 503 });
    } finally {
      await admin.query('ROLLBACK').catch(() => undefined);
      await Promise.all([admin.end(), watcher.end()]);
    }
    expect(await sendUntilKnown(baseOf(west), game, commandId, NAVIGATE, odd)).toEqual({ first: 200, last: 200 });
    expect(odd).toEqual([]);
  });
});

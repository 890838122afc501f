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
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { seededRng } from '@logbook/rules';
import { createGame, nextCommandId } from './support/api';
import { startApp, type TestApp } from './support/app';
import { readSse, type SseMessage } from './support/sse';

const baseOf = (app: TestApp): string => `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Game = Awaited<ReturnType<typeof createGame>>;

// A whole Navigation order, then its undo, again and again: a load as long as needed that never
// ends the game (three orders a turn, and the clock runs only at a turn's end).
const NAVIGATE = { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] };
const UNDO = { type: 'Undo' };

/** Sends one order until it has an answer that is not "outcome unknown" (a 503 or no connection), a bounded number of times. */
async function sendUntilKnown(
  base: string,
  game: Game,
  commandId: string,
  command: Record<string, unknown> = NAVIGATE,
): Promise<{ first: number; last: number }> {
  let first = 0;
  for (let attempt = 0; attempt < 300; attempt++) {
    const status = await fetch(`${base}/games/${game.gameId}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${game.seats[0].token}` },
      body: JSON.stringify({ commandId, ...command }),
    }).then(
      (res) => res.status,
      () => 0,
    );
    first ||= status;
    if (status !== 503 && status !== 0) return { first, last: status };
    await pause(100);
  }
  throw new Error(`order ${commandId} never got a known outcome`);
}

describe('two servers on one PostgreSQL that restarts mid-load', () => {
  let database: TestDatabase;
  let east: TestApp;
  let west: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('pg_restart');
    east = await startApp({ postgres: { url: database.url, serverId: 'east' }, rng: seededRng(3) });
    west = await startApp({ postgres: { url: database.url, serverId: 'west' }, rng: seededRng(3) });
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
    let restarted = false;
    const load = Promise.all(
      games.map(async (game, g) => {
        for (let i = 0; i < 40 || !restarted || i % 2 === 1; i++) {
          const commandId = nextCommandId();
          answers.set(commandId, await sendUntilKnown(baseOf((i >> 1) % 2 === g ? east : west), game, commandId, i % 2 === 0 ? NAVIGATE : UNDO));
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
    expect(outcomes.every((o) => o.last === 200)).toBe(true);
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
});

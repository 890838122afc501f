/* eslint-disable @typescript-eslint/no-explicit-any -- documents and answers are poked at any depth */
// The live feed bounds what one client costs and behaves as an EventSource expects: history in
// pages, at most N feeds per client, resume from Last-Event-ID, keep-alive comments, and an end
// when the game ends.
import type { AddressInfo } from 'node:net';
import { builtInScenario } from '@logbook/content';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { FEED_KEEP_ALIVE_MS, FEED_PAGE_SIZE, LiveFeedService } from '../apps/server/src/games/live-feed.service';
import { createGame, play } from './support/api';
import { startApp, type TestApp } from './support/app';
import { readSse } from './support/sse';

// Bounded by count, not time: a busy 2-core machine may be slow.
jest.setTimeout(60_000);

describe('live feed bounds', () => {
  let app: TestApp;
  let base: string;

  beforeEach(async () => {
    process.env.LOGBOOK_MAX_FEEDS_PER_CLIENT = '2';
    app = await startApp();
    delete process.env.LOGBOOK_MAX_FEEDS_PER_CLIENT;
    await app.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterEach(() => app.dispose());

  it('sends a history longer than a page whole and in order, then goes live', async () => {
    const game = await createGame(app, 'first-voyage', 2);
    for (let i = 0; i < FEED_PAGE_SIZE + 20; i++) await play(app, game.gameId, game.seats[1], { type: 'SetFollowShip', follow: i % 2 === 1 });
    const total = game.revision + 1 + FEED_PAGE_SIZE + 20;
    const { messages } = await readSse(
      `${base}/games/${game.gameId}/live?from=0`,
      {},
      (m) => m.length >= total + 1,
      async () => {
        await new Promise((r) => setTimeout(r, 100));
        await play(app, game.gameId, game.seats[0], { type: 'StartNavigation' });
      },
    );
    expect(messages.map((m) => Number(m.id))).toEqual(Array.from({ length: messages.length }, (_, i) => i));
    expect(messages.at(-1)!.event).toBe('NavigationOrderIssued');
  });

  it('resumes after Last-Event-ID instead of sending everything again', async () => {
    const game = await createGame(app);
    await play(app, game.gameId, game.seats[0], { type: 'StartNavigation' });
    const { messages } = await readSse(`${base}/games/${game.gameId}/live?from=0`, { 'Last-Event-ID': String(game.revision) }, (m) => m.length >= 1);
    expect(Number(messages[0].id)).toBe(game.revision + 1);
    expect(messages[0].event).toBe('NavigationOrderIssued');
  });

  it('misses no event recorded between its history read and the live subscription', async () => {
    const game = await createGame(app, 'first-voyage', 2);
    const store = app.app.get<EventStore>(EVENT_STORE);
    const readStream = store.readStream.bind(store);
    let armed = true;
    // The feed's history read finds nothing new; three orders are recorded before it goes live.
    jest.spyOn(store, 'readStream').mockImplementation(async (streamId, options) => {
      const page = await readStream(streamId, options);
      if (armed && options?.fromRevision === game.revision + 1 && options.maxCount === FEED_PAGE_SIZE && page.status === 'ok' && page.events.length === 0) {
        armed = false;
        for (const follow of [false, true, false]) await play(app, game.gameId, game.seats[1], { type: 'SetFollowShip', follow });
      }
      return page;
    });
    const { messages } = await readSse(`${base}/games/${game.gameId}/live?from=${game.revision + 1}`, {}, (m) => m.length >= 3);
    expect(armed).toBe(false);
    expect(messages.map((m) => Number(m.id))).toEqual([1, 2, 3].map((n) => game.revision + n));
  });

  it('asked from a revision past the head, starts there: nothing before it, everything from it', async () => {
    const game = await createGame(app, 'first-voyage', 2);
    const from = game.revision + 3;
    const { messages } = await readSse(
      `${base}/games/${game.gameId}/live?from=${from}`,
      {},
      (m) => m.length >= 2,
      async () => {
        for (const follow of [false, true, false, true]) await play(app, game.gameId, game.seats[1], { type: 'SetFollowShip', follow });
      },
    );
    expect(messages.map((m) => Number(m.id))).toEqual([from, from + 1]);
  });

  it('sends a keep-alive comment while nothing happens', async () => {
    expect(FEED_KEEP_ALIVE_MS).toBeLessThanOrEqual(15_000);
    app.app.get(LiveFeedService).keepAliveMs = 30;
    const game = await createGame(app);
    const res = await fetch(`${base}/games/${game.gameId}/live?from=${game.revision + 1}`);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes(': keep-alive')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).toContain(': keep-alive\n\n');
    expect(text).not.toContain('event:');
  });

  it('ends the feed after the event that ends the game', async () => {
    const doc = structuredClone(builtInScenario('first-voyage')) as any;
    doc.id = 'short-voyage';
    doc.blessings = 1;
    const game = await createGame(app, doc);
    const feed = readSse(
      `${base}/games/${game.gameId}/live?from=0`,
      {},
      () => false,
      async () => {
        await new Promise((r) => setTimeout(r, 100));
        await play(app, game.gameId, game.seats[0], { type: 'EndTurn' });
      },
    );
    const { messages, ended } = await feed;
    expect(ended).toBe(true);
    expect(messages.at(-1)!.event).toBe('ScenarioLost');
    // A finished game's feed sends its history and ends at once.
    const again = await readSse(`${base}/games/${game.gameId}/live?from=0`, {}, () => false);
    expect(again.ended).toBe(true);
    expect(again.messages.at(-1)!.event).toBe('ScenarioLost');
  });

  it('caps the feeds one client holds open (429), and frees a slot when one closes', async () => {
    const game = await createGame(app);
    const url = `${base}/games/${game.gameId}/live`;
    const controllers = [new AbortController(), new AbortController()];
    const open = await Promise.all(controllers.map((c) => fetch(url, { signal: c.signal })));
    expect(open.map((r) => r.status)).toEqual([200, 200]);
    const third = await fetch(url);
    expect(third.status).toBe(429);
    expect(third.headers.get('content-type')).toMatch(/problem\+json/);
    expect(third.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    controllers[0].abort();
    await new Promise((r) => setTimeout(r, 200));
    const fourth = new AbortController();
    expect((await fetch(url, { signal: fourth.signal })).status).toBe(200);
    fourth.abort();
    controllers[1].abort();
  });
});

// Presence over HTTP: who is connected comes from open feeds and heartbeats, turns "away" after
// the grace window (LOGBOOK_PRESENCE_AWAY_MS, small here so the spec waits for behaviour, not
// for a fixed time), reaches seat feeds as their own `presence` messages, and never enters the
// game's log.
import type { AddressInfo } from 'node:net';
import { InMemoryEventStore } from '@logbook/event-store';
import { asText, createGame, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { readSse, type SseMessage } from './support/sse';
import { LiveFeedService } from '../apps/server/src/games/live-feed.service';

const AWAY_MS = 300;

/** Asks for the presence until `done` holds (bounded by count, never by a fixed sleep). */
async function presenceUntil(app: TestApp, gameId: string, done: (body: PresenceBody) => boolean): Promise<PresenceBody> {
  let body: PresenceBody | undefined;
  for (let i = 0; i < 200; i++) {
    body = (await app.http().get(`/games/${gameId}/presence`).expect(200)).body as PresenceBody;
    if (done(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`presence never got there: ${JSON.stringify(body)}`);
}

interface PresenceBody {
  gameId: string;
  server: string;
  seats: Array<{ seat: number; name: string; status: string; since: string | null }>;
  spectators: number;
}

const statuses = (body: PresenceBody) => body.seats.map((s) => s.status);
const presenceMessages = (messages: SseMessage[]) => messages.filter((m) => m.event === 'presence').map((m) => m.data as PresenceBody);

describe('presence (GET/POST /games/:id/presence and the feed)', () => {
  let app: TestApp;
  let base: string;
  const previous = process.env.LOGBOOK_PRESENCE_AWAY_MS;

  beforeAll(() => {
    process.env.LOGBOOK_PRESENCE_AWAY_MS = String(AWAY_MS);
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.LOGBOOK_PRESENCE_AWAY_MS;
    else process.env.LOGBOOK_PRESENCE_AWAY_MS = previous;
  });

  beforeEach(async () => {
    app = await startApp();
    await app.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterEach(() => app.dispose());

  const feedOf = (gameId: string, seat: Seat | null, query = '') =>
    [`${base}/games/${gameId}/live${query}`, seat ? { Authorization: `Bearer ${seat.token}` } : ({} as Record<string, string>)] as const;

  it('two seats connect, one drops: its seat is away after the window, in the answer and in the other seat’s feed', async () => {
    const game = await createGame(app, 'first-voyage', 2);
    const [ana, ben] = game.seats;
    let afterDrop: PresenceBody | undefined;
    // Keep-alive comments often, so Ana's feed notices the answer below while nothing else is sent.
    app.app.get(LiveFeedService).keepAliveMs = 50;
    const anaFeed = await readSse(
      ...feedOf(game.gameId, ana, '?presence=true'),
      (messages) => afterDrop !== undefined && presenceMessages(messages).some((p) => statuses(p).join() === 'connected,away'),
      async () => {
        // Ben's feed opens and drops as soon as it has its first message.
        await readSse(...feedOf(game.gameId, ben), (messages) => messages.length > 0);
        afterDrop = await presenceUntil(app, game.gameId, (p) => p.seats[1]!.status === 'away');
      },
      // A bound for a loaded machine, not a timing: the window is 300 ms.
      20_000,
    );
    const frames = presenceMessages(anaFeed.messages);
    // Ana's feed told her of both seats connected, then of Ben away, Ana connected throughout.
    expect(frames.map((p) => statuses(p).join())).toEqual(expect.arrayContaining(['connected,connected', 'connected,away']));
    expect(frames.findIndex((p) => statuses(p).join() === 'connected,connected')).toBeLessThan(
      frames.findIndex((p) => statuses(p).join() === 'connected,away'),
    );
    expect(afterDrop).toMatchObject({
      gameId: game.gameId,
      seats: [
        { seat: ana.seat, name: ana.name, status: 'connected' },
        { seat: ben.seat, name: ben.name, status: 'away' },
      ],
      spectators: 0,
    });
    expect(Date.parse(afterDrop!.seats[1]!.since!)).toBeGreaterThanOrEqual(Date.parse(afterDrop!.seats[0]!.since!));
    // Presence messages carry no id (a reconnect resumes after the game's last event) and sit
    // beside the game's events, which keep their revisions in order.
    expect(anaFeed.messages.filter((m) => m.event === 'presence').every((m) => m.id === undefined)).toBe(true);
    const events = anaFeed.messages.filter((m) => m.event !== 'presence');
    expect(events.map((m) => Number(m.id))).toEqual(events.map((_, i) => i));
    expect(events).toHaveLength(game.revision + 1);
  });

  it('is never an event of the game: the log, the events and the export are unchanged by feeds and heartbeats', async () => {
    const game = await createGame(app, 'first-voyage', 2);
    const [ana] = game.seats;
    await app.http().post(`/games/${game.gameId}/presence`).set('Authorization', `Bearer ${ana.token}`).send({ client: 'page-ana-000001' }).expect(204);
    await readSse(...feedOf(game.gameId, ana, '?presence=true'), (m) => m.length > game.revision + 1);
    const events = await app.http().get(`/games/${game.gameId}/events`).expect(200);
    expect(events.body.events).toHaveLength(game.revision + 1);
    expect(JSON.stringify(events.body)).not.toMatch(/presence/i);
    const exported = await app.http().get(`/games/${game.gameId}/export`).set('Authorization', `Bearer ${ana.token}`).buffer(true).parse(asText).expect(200);
    expect((exported.body as string).trim().split('\n')).toHaveLength(game.revision + 2);
    expect(exported.body).not.toMatch(/presence/i);
    expect((await app.http().get(`/games/${game.gameId}`).expect(200)).body.revision).toBe(game.revision);
  });

  it("counts a page's spectator feed for the seat its heartbeats name, and other pages as spectators", async () => {
    const game = await createGame(app, 'first-voyage', 2);
    const [ana] = game.seats;
    const body = await new Promise<PresenceBody>((resolve, reject) => {
      readSse(
        ...feedOf(game.gameId, null, '?presence=true&client=page-ana-000001'),
        () => false,
        async () => {
          await app.http().post(`/games/${game.gameId}/presence`).set('Authorization', `Bearer ${ana.token}`).send({ client: 'page-ana-000001' }).expect(204);
          await app.http().post(`/games/${game.gameId}/presence`).send({ client: 'page-watcher-01' }).expect(204);
          resolve(await presenceUntil(app, game.gameId, (p) => p.spectators === 1 && p.seats[0]!.status === 'connected'));
          await app.close();
        },
      ).catch(reject);
    });
    expect(statuses(body)).toEqual(['connected', 'absent']);
    expect(body.seats[1]!.since).toBeNull();
  });

  it('a feed that does not ask for presence carries only the game’s events', async () => {
    const game = await createGame(app, 'first-voyage', 2);
    const { messages } = await readSse(...feedOf(game.gameId, game.seats[0]!), (m) => m.length >= game.revision + 1);
    expect(messages.map((m) => m.event)).not.toContain('presence');
  });

  it('shows a spectator seats and names only, never a token', async () => {
    const game = await createGame(app, 'first-voyage', 2);
    for (const seat of game.seats) await app.http().post(`/games/${game.gameId}/presence`).set('Authorization', `Bearer ${seat.token}`).send({}).expect(204);
    const spectator = await app.http().get(`/games/${game.gameId}/presence`).expect(200);
    expect(statuses(spectator.body)).toEqual(['connected', 'connected']);
    const { messages } = await readSse(...feedOf(game.gameId, null, '?presence=true'), (m) => m.some((x) => x.event === 'presence'));
    for (const text of [JSON.stringify(spectator.body), JSON.stringify(presenceMessages(messages))]) {
      for (const seat of game.seats) expect(text).not.toContain(seat.token);
    }
    expect(Object.keys(spectator.body.seats[0]).sort()).toEqual(['name', 'seat', 'since', 'status']);
  });

  it('refuses what a client should not send, and changes nothing', async () => {
    const game = await createGame(app, 'first-voyage', 2);
    const url = `/games/${game.gameId}/presence`;
    await app.http().post(url).send({ client: 'x' }).expect(400);
    await app.http().post(url).send({ client: 'page-ana-000001', seat: 1 }).expect(400);
    await app.http().post(url).set('Authorization', 'Bearer not-a-seat-token-of-this-game').send({}).expect(403);
    await app.http().post('/games/no-such-game/presence').send({}).expect(404);
    await app.http().get('/games/no-such-game/presence').expect(404);
    await app.http().get(`/games/${game.gameId}/live?client=bad id`).expect(400);
    await app.http().get(`/games/${game.gameId}/live?presence=yes`).expect(400);
    const body = (await app.http().get(url).expect(200)).body as PresenceBody;
    expect(statuses(body)).toEqual(['absent', 'absent']);
    expect(body.spectators).toBe(0);
  });

  it('a heartbeat is a JSON body like every POST: none is a 400 that says so, `{}` counts the seat', async () => {
    const game = await createGame(app, 'first-voyage', 2);
    const url = `/games/${game.gameId}/presence`;
    const bare = await app.http().post(url).set('Authorization', `Bearer ${game.seats[1]!.token}`).expect(400);
    expect(bare.body.detail).toMatch(/JSON/);
    expect(statuses((await app.http().get(url).expect(200)).body)).toEqual(['absent', 'absent']);
    await app.http().post(url).set('Authorization', `Bearer ${game.seats[1]!.token}`).send({}).expect(204);
    expect(statuses((await app.http().get(url).expect(200)).body)).toEqual(['absent', 'connected']);
  });
});

describe('presence on two servers sharing one store', () => {
  let east: TestApp;
  let west: TestApp;

  beforeEach(async () => {
    const store = new InMemoryEventStore();
    east = await startApp({ store });
    west = await startApp({ store });
  });

  afterEach(async () => {
    await east.dispose();
    await west.dispose();
  });

  it('is per server: a seat seen by one server is absent on the other, which never saw it', async () => {
    const game = await createGame(east, 'first-voyage', 2);
    await west.http().post(`/games/${game.gameId}/presence`).set('Authorization', `Bearer ${game.seats[0]!.token}`).send({}).expect(204);
    await east.http().post(`/games/${game.gameId}/presence`).send({ client: 'page-watcher-01' }).expect(204);
    const [fromEast, fromWest] = await Promise.all(
      [east, west].map(async (app) => (await app.http().get(`/games/${game.gameId}/presence`).expect(200)).body as PresenceBody),
    );
    expect([statuses(fromWest!), fromWest!.spectators]).toEqual([['connected', 'absent'], 0]);
    expect([statuses(fromEast!), fromEast!.spectators]).toEqual([['absent', 'absent'], 1]);
  });
});

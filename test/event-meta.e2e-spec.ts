// /events and /live say who (seat) and when (recordedAt) for each event, and which action
// (commandId) it belongs to: from the first event of its action, in either log shape.
import type { AddressInfo } from 'node:net';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { playActions, toNewEventsOf } from '@logbook/projections/history/testing/played-game';
import { createGame, play } from './support/api';
import { startApp, type TestApp } from './support/app';
import { readSse } from './support/sse';

describe('who and when on every event of /events and /live', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startApp();
  });

  afterEach(() => app.dispose());

  interface Shown {
    revision: number;
    commandId: string | null;
    seat: number | null;
    recordedAt: string | null;
  }
  const events = async (gameId: string, from = 0) => (await app.http().get(`/games/${gameId}/events?from=${from}`).expect(200)).body.events as Shown[];

  it("gives each event its action's commandId, seat and time, also from the middle of an action", async () => {
    const game = await createGame(app, 'first-voyage', 2);
    const [ana] = game.seats;
    const navigate = await play(app, game.gameId, ana, { type: 'Navigate', steps: [{ action: 'move' }, { action: 'turn', direction: 'cw' }] });
    expect(navigate.events.length).toBeGreaterThan(2);
    const all = await events(game.gameId);
    for (const event of all.slice(0, game.revision + 1))
      expect(event).toMatchObject({ seat: null, commandId: `create-${game.gameId}`, recordedAt: expect.any(String) });
    const ours = all.filter((e) => e.revision > game.revision);
    expect(new Set(ours.map((e) => e.commandId)).size).toBe(1);
    for (const event of ours) expect(event).toMatchObject({ seat: 1, recordedAt: ours[0].recordedAt });
    expect(Date.parse(ours[0].recordedAt ?? '')).not.toBeNaN();
    // A page that starts after the action's first event still says who and when.
    expect(await events(game.gameId, navigate.events[1].revision)).toEqual(all.filter((e) => e.revision >= navigate.events[1].revision));
  });

  it('reads the same from an older log that repeats the metadata on every event', async () => {
    const store = app.app.get<EventStore>(EVENT_STORE);
    const actions = playActions({ seed: 6, players: 2, events: 80, blessings: 200, gameId: 'old-shape' });
    await store.append(gameStreamId('old-shape'), toNewEventsOf('old-shape', actions, { fullMetadata: true }), 'no_stream');
    await store.append(gameStreamId('new-shape'), toNewEventsOf('new-shape', actions), 'no_stream');
    const strip = (list: Shown[]) => list.map(({ commandId, seat, recordedAt, revision }) => ({ commandId, seat, recordedAt, revision }));
    const old = strip(await events('old-shape'));
    expect(old.every((e) => typeof e.recordedAt === 'string')).toBe(true);
    expect(strip(await events('new-shape'))).toEqual(old);
    for (const from of [1, 17, 40]) expect(strip(await events('new-shape', from))).toEqual(old.slice(from));
  });

  it('puts them on the live feed too', async () => {
    await app.app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
    const game = await createGame(app);
    const [seat] = game.seats;
    const { messages } = await readSse(
      `${base}/games/${game.gameId}/live?from=0`,
      {},
      (m) => m.some((x) => x.event === 'NavigationOrderCompleted'),
      () => play(app, game.gameId, seat, { type: 'Navigate', steps: [{ action: 'move' }] }),
    );
    for (const m of messages) expect(m.data).toMatchObject({ commandId: expect.any(String), recordedAt: expect.any(String) });
    expect(messages.at(-1)!.data.seat).toBe(1);
    expect(messages[0].data.seat).toBeNull();
  });
});

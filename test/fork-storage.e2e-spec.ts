// What forks of a game from the largest scenario the server accepts cost the store, on a SQLite
// file: the board parts every fork repeats (tile library, hexes, cards...) are stored once, by
// content; and such a fork still reads, seeks, redacts, exports and imports as any game does.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { SCENARIO_LIMITS } from '@logbook/content';
import { bigTileHexes, maximalScenario } from '@logbook/content/testing/maximal-scenario';
import { CONTENT_STREAM_PREFIX, EVENT_STORE, type EventStore } from '@logbook/event-store';
import { asText, createGame, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

const OPERATOR = 'operator-token-for-the-fork-storage-tests';
const asOperator = { Authorization: `Bearer ${OPERATOR}` };
const bearer = (seat: Seat) => ({ Authorization: `Bearer ${seat.token}` });

/** The store's file and its write-ahead log, in bytes. */
const storeBytes = (dataDir: string): number =>
  ['logbook.sqlite', 'logbook.sqlite-wal'].reduce((sum, name) => {
    try {
      return sum + statSync(join(dataDir, name)).size;
    } catch {
      return sum;
    }
  }, 0);

describe('forks of a game from a maximal scenario', () => {
  let app: TestApp;
  let store: EventStore;
  let game: { gameId: string; revision: number; seats: Seat[] };

  useOperatorToken(OPERATOR);
  beforeAll(async () => {
    app = await startApp();
    store = app.app.get(EVENT_STORE);
    game = await createGame(app, maximalScenario(), 2);
  });
  afterAll(async () => {
    await app.dispose();
  });

  const fork = async (at = game.revision) =>
    (await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.seats[0])).send({ at }).expect(201)).body as {
      gameId: string;
      seats: Seat[];
    };
  const contentStreams = async () => (await store.readAll({ filter: { streamPrefixes: [CONTENT_STREAM_PREFIX] } })).length;
  /** The shared values above 10 kB: the scenario and the board parts. */
  const largeContent = async () =>
    (await store.readAll({ filter: { streamPrefixes: [CONTENT_STREAM_PREFIX] } })).filter((e) => JSON.stringify(e.data).length > 10_000).map((e) => e.streamId);
  const exportText = async (gameId: string, headers: Record<string, string>) =>
    (await app.http().get(`/games/${gameId}/export`).set(headers).buffer(true).parse(asText).expect(200)).body as string;

  it('a scenario one hex past the maximum is refused with a 400 naming the field, and creates no game', async () => {
    const doc = maximalScenario();
    (doc.tiles[10] as { hexes: unknown[] }).hexes = bigTileHexes(SCENARIO_LIMITS.hexesPerTile + 1);
    const before = (await store.readAll({ filter: { streamPrefixes: ['game-'] } })).length;
    const res = await app
      .http()
      .post('/games')
      .send({ scenario: doc, players: [{ name: 'Ann' }] })
      .expect(400);
    expect(res.body.detail).toMatch(/tiles\[10\]\.hexes: must contain no more than 37 elements/);
    expect((await store.readAll({ filter: { streamPrefixes: ['game-'] } })).length).toBe(before);
  });

  /** The store's size once its write-ahead log is checkpointed: a restart closes the file. */
  const settledBytes = async () => {
    app = await app.restart();
    store = app.app.get(EVENT_STORE);
    return storeBytes(app.dataDir);
  };

  // The write-ahead log is measured too, but settled: until a checkpoint it holds every page a
  // commit touched (a fork's row and its index and table pages), however few bytes changed.
  it('100 forks from its own seat at its current revision grow the store by less than 1 MB', async () => {
    await fork(); // the first stores the board parts they share
    const shared = await largeContent();
    const before = await settledBytes();
    for (let i = 0; i < 100; i++) await fork();
    const grown = (await settledBytes()) - before;
    expect(grown).toBeLessThan(1024 * 1024);
    // The board parts are not stored again (the box is dealt again with the plunder under a ship).
    expect(await largeContent()).toEqual(shared);
  }, 300_000);

  it('a fork starts from the source board, redacted for its seats, and its events and seeks read as before', async () => {
    const forked = await fork();
    const then = await view(app, game.gameId, game.seats[0]);
    const start = await view(app, forked.gameId, forked.seats[0]);
    const strip = ({ gameId: _g, revision: _r, seats: _s, ...board }: Record<string, unknown>) => board;
    // A seat's fork deals every hand again (RULES.md, forks): the same board but for the hands'
    // cards (and the card texts shown for them), each hand as large as it was.
    type Character = { hand?: string[] } & Record<string, unknown>;
    const handless = ({ cards: _c, characters, ...board }: Record<string, unknown>) => ({
      ...board,
      characters: (characters as Character[]).map(({ hand, ...character }) => ({ ...character, handSize: hand?.length })),
    });
    expect(handless(strip(start))).toEqual(handless(strip(then)));
    const events = (await app.http().get(`/games/${forked.gameId}/events`).set(bearer(forked.seats[0])).expect(200)).body;
    expect(events.events).toHaveLength(1);
    expect(events.events[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(events)).not.toMatch(/contentRefs|"stack"|content-/);
    const seek = (await app.http().get(`/games/${forked.gameId}?at=0`).set(bearer(forked.seats[0])).expect(200)).body;
    expect(strip(seek)).toEqual(strip(start));
    // A seat's export of the running fork withholds the sealed board and names no reference.
    const redacted = await exportText(forked.gameId, bearer(forked.seats[0]));
    expect(redacted).not.toMatch(/contentRefs|"stack":|"tileLibrary"/);
  });

  it("a fork's whole export holds its board inline and imports again to the same board", async () => {
    const forked = await fork();
    const whole = await exportText(forked.gameId, asOperator);
    expect(whole).not.toMatch(/contentRefs/);
    expect(JSON.parse(whole.split('\n')[1]).secret.data.state.tileLibrary).toBeDefined();
    const large = await largeContent();
    const copy = await app
      .http()
      .post('/games/import')
      .set({ 'Content-Type': 'application/x-ndjson', ...asOperator })
      .send(whole)
      .expect(201);
    expect(await view(app, copy.body.gameId, copy.body.seats[0])).toEqual({ ...(await view(app, forked.gameId, forked.seats[0])), gameId: copy.body.gameId });
    // The import stored its board by content again: the same values, no second copy.
    expect(await largeContent()).toEqual(large);
    // Another game from the same document shares its scenario's copy with the first.
    const shared = await contentStreams();
    await createGame(app, maximalScenario(), 2);
    expect(await contentStreams()).toBe(shared);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtInScenario } from '@logbook/content';
import { InMemoryEventStore, SqliteEventStore } from '@logbook/event-store';
import { gameEventUpcasters } from '@logbook/game-log';
import { seededRng } from '@logbook/rules';
import { GameCommandsService } from './game-commands.service';
import { GameEventsService } from './game-events.service';
import { RulesCheck } from './rules-check';
import { GameRepository } from './game-repository';

type Server = { commands: GameCommandsService };

/**
 * East caches a game, west changes it behind east's back, and east's orders are decided on what
 * west wrote: none refused or accepted on east's old board, none decided twice.
 */
async function decidesOnWhatTheOtherWrote(east: Server, west: Server): Promise<void> {
  const created = await east.commands.createGame({ scenario: builtInScenario('first-voyage')!, players: [{ name: 'Ann' }], mode: 'standard' });
  const seat = created.seats[0].seat;
  const { gameId } = created;
  await east.commands.execute(gameId, seat, 'start', { type: 'StartNavigation' });
  // West ends the order east still sees open: on east's cached board EndNavigation would be
  // refused (no open order) and EndTurn too (an order in progress).
  await west.commands.execute(gameId, seat, 'move', { type: 'MoveShip' });
  const closed = await west.commands.execute(gameId, seat, 'end', { type: 'EndNavigation' });
  const ended = await east.commands.execute(gameId, seat, 'end-turn', { type: 'EndTurn' });
  expect(ended.events[0].revision).toBe(closed.revision + 1);
  expect(ended.events.map((e) => e.type)).toContain('TurnEnded');
  // A command west already recorded is answered from the log, not decided again.
  expect(await east.commands.execute(gameId, seat, 'end', { type: 'EndNavigation' })).toEqual(closed);
  // And what the old board would take, the store's refuses: west closes an order behind east's
  // back, and east's MoveShip (legal on its cached board, where the order is open) is refused.
  await east.commands.execute(gameId, seat, 'start-2', { type: 'StartNavigation' });
  await west.commands.execute(gameId, seat, 'end-2', { type: 'EndNavigation' });
  await expect(east.commands.execute(gameId, seat, 'move-2', { type: 'MoveShip' })).rejects.toMatchObject({ rule: 'navigation.no-open-order' });
}

// The repository skips its catch-up read while the store says nobody else wrote; a second
// process on the same SQLite file (here: a second connection) must still be seen at once.
describe('GameRepository on a SQLite file another process also writes', () => {
  let dir: string;
  const open: SqliteEventStore[] = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-repository-'))));
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const server = () => {
    const store = new SqliteEventStore({ filename: join(dir, 'logbook.sqlite'), upcasters: gameEventUpcasters() });
    open.push(store);
    const games = new GameRepository(store);
    return { store, games, commands: new GameCommandsService(games, new GameEventsService(store), seededRng(3), new RulesCheck(store)) };
  };

  it('answers `trusted` from the cache only: nothing for a game it has not loaded, the loaded game after', async () => {
    const east = server();
    const west = server();
    const created = await west.commands.createGame({ scenario: builtInScenario('first-voyage')!, players: [{ name: 'Ann' }], mode: 'standard' });
    expect(east.games.trusted(created.gameId)).toBeUndefined();
    const loaded = await east.games.load(created.gameId);
    expect(east.games.trusted(created.gameId)).toBe(loaded);
    expect(east.games.trusted('no-such-game')).toBeUndefined();
  });

  it('decides on the store when the game a guard handed over is no longer the one the cache holds', async () => {
    const store = new SqliteEventStore({ filename: join(dir, 'logbook.sqlite'), upcasters: gameEventUpcasters() });
    open.push(store);
    // A budget smaller than any game: nothing stays cached, so a game read for one request is never
    // the one the next command records its action in.
    const games = new GameRepository(store, { gamesBytes: 1, viewsBytes: 1, feedFramesBytes: 1 });
    const commands = new GameCommandsService(games, new GameEventsService(store), seededRng(3), new RulesCheck(store));
    const created = await commands.createGame({ scenario: builtInScenario('first-voyage')!, players: [{ name: 'Ann' }], mode: 'standard' });
    const seat = created.seats[0].seat;
    const handed = await games.load(created.gameId); // read by the seat guard, before the command waited for the game's lock
    await commands.execute(created.gameId, seat, 'start', { type: 'StartNavigation' });
    // On the handed game no Navigation order is open and MoveShip would be refused.
    const moved = await commands.execute(created.gameId, seat, 'move', { type: 'MoveShip' }, { loaded: handed });
    expect(moved.events.length).toBeGreaterThan(0);
    expect((await games.load(created.gameId)).commands.get('move')?.firstRevision).toBe(moved.events[0].revision);
  });

  it("loads the other process's events without being told, and decides on them", async () => {
    const east = server();
    const west = server();
    const created = await east.commands.createGame({ scenario: builtInScenario('first-voyage')!, players: [{ name: 'Ann' }], mode: 'standard' });
    const seat = created.seats[0].seat;
    const { gameId } = created;

    // East caches the game; west then changes it behind east's back.
    await east.commands.execute(gameId, seat, 'start', { type: 'StartNavigation' });
    expect((await east.games.load(gameId)).state.navigation).not.toBeNull();
    const moved = await west.commands.execute(gameId, seat, 'move', { type: 'MoveShip' });
    const ended = await west.commands.execute(gameId, seat, 'end', { type: 'EndNavigation' });

    const seenByEast = await east.games.load(gameId);
    expect(seenByEast.revision).toBe(ended.revision);
    expect(seenByEast.state.navigation).toBeNull();
    expect(seenByEast.commands.get('move')?.firstRevision).toBe(moved.events[0].revision);
  });

  it('decides on what the other process wrote even when its cached game is behind: nothing refused or decided on the old board', async () => {
    await decidesOnWhatTheOtherWrote(server(), server());
  });

  it('answers from its cache, without reading the stream, while only this process writes', async () => {
    const east = server();
    const created = await east.commands.createGame({ scenario: builtInScenario('first-voyage')!, players: [{ name: 'Ann' }], mode: 'standard' });
    const seat = created.seats[0].seat;
    await east.commands.execute(created.gameId, seat, 'start', { type: 'StartNavigation' });
    const reads = jest.spyOn(east.store, 'readStream');
    await east.commands.execute(created.gameId, seat, 'move', { type: 'MoveShip' });
    await east.games.load(created.gameId);
    expect(reads).not.toHaveBeenCalled();
  });
});

// PostgreSQL and EventStoreDB cannot say whether another server wrote: the command path decides
// on the cached game anyway, its append's expected revision refusing a stale decision and a refusal
// decided again after a read. (A memory store shared by two servers behaves as those stores do.)
describe('GameRepository on a store other servers write, which cannot say whether they did', () => {
  const shared = () => new InMemoryEventStore();
  const server = (store: InMemoryEventStore) => {
    const games = new GameRepository(store);
    return { store, games, commands: new GameCommandsService(games, new GameEventsService(store), seededRng(3), new RulesCheck(store)) };
  };

  it('appends an order on a game this server holds current without reading the stream first', async () => {
    const east = server(shared());
    const created = await east.commands.createGame({ scenario: builtInScenario('first-voyage')!, players: [{ name: 'Ann' }], mode: 'standard' });
    const seat = created.seats[0].seat;
    await east.commands.execute(created.gameId, seat, 'start', { type: 'StartNavigation' });
    const reads = jest.spyOn(east.store, 'readStream');
    const moved = await east.commands.execute(created.gameId, seat, 'move', { type: 'MoveShip' });
    expect(moved.events.length).toBeGreaterThan(0);
    expect(reads).not.toHaveBeenCalled();
  });

  it('decides on what the other server wrote when its cached game is behind: nothing refused or decided on the old board', async () => {
    const store = shared();
    await decidesOnWhatTheOtherWrote(server(store), server(store));
  });
});

// Games opened from their snapshots (SQLite files for the log and for the snapshots) against the
// same games folded from the whole log: the snapshot is used, and a stale, corrupt or foreign
// one is discarded for a fold of the log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtInScenario } from '@logbook/content';
import { EventStoreUnavailableError, SqliteEventStore } from '@logbook/event-store';
import { gameEventUpcasters } from '@logbook/game-log';
import { legalCommands, RuleViolation, seededRng, type SeatCommand } from '@logbook/rules';
import { GameCommandsService } from '../game-commands.service';
import { GameEventsService } from '../game-events.service';
import { GameRepository, notesOf, type LoadedGame } from '../game-repository';
import { seatBotsAt } from '../../bots/seat-bots-of';
import { RulesCheck } from '../rules-check';
import { SqliteSnapshotStore } from '@logbook/app-core';

const EVERY = 25;
/** Sailing and turning, ending orders and turns: games that last (the rest of the options too, when none of these is listed). */
const SAILING = new Set(['StartNavigation', 'MoveShip', 'TurnShip', 'EndNavigation', 'EndTurn', 'Undo', 'Redo']);
const pick = (options: ReadonlyArray<{ command: { type: string } }>, chooser: { int(min: number, max: number): number }, exclude: readonly string[] = []) => {
  const allowed = options.filter((o) => !exclude.includes(o.command.type));
  const sailing = allowed.filter((o) => SAILING.has(o.command.type));
  const from = sailing.length > 0 ? sailing : allowed;
  return from.length > 0 ? (from[chooser.int(0, from.length - 1)].command as SeatCommand) : undefined;
};
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('games opened from their snapshots', () => {
  let dir: string;
  const closing: Array<{ close(): unknown }> = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-snapshots-'))));
  afterEach(async () => {
    await settle(); // the snapshots a fold just scheduled
    for (const open of closing.splice(0).reverse()) await open.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A server process: its own connections to the two files; `snapshots: false` folds every log whole. */
  const server = ({ snapshots = true } = {}) => {
    const store = new SqliteEventStore({ filename: join(dir, 'logbook.sqlite'), upcasters: gameEventUpcasters() });
    const snapshotStore = new SqliteSnapshotStore(join(dir, 'snapshots.sqlite'));
    closing.push(store, snapshotStore);
    const games = new GameRepository(store, undefined, true, snapshots ? snapshotStore : null, EVERY);
    const commands = new GameCommandsService(games, new GameEventsService(store), seededRng(5), new RulesCheck(store));
    return { store, snapshots: snapshotStore, games, commands };
  };

  /** Plays `steps` of the listed options at random (undos and redos among them) on a two-seat standard game. */
  async function played(steps: number): Promise<string> {
    const { commands, games } = server();
    const created = await commands.createGame({ scenario: builtInScenario('first-voyage')!, players: [{ name: 'Ann' }, { name: 'Bo' }], mode: 'standard' });
    const chooser = seededRng(42);
    for (let i = 0; i < steps; i++) {
      const game = await games.load(created.gameId);
      if (game.state.status !== 'active' || !game.state.turn) break;
      const seat = game.state.turn.seat;
      const command = pick(legalCommands(game.state, seat, { history: game.history }), chooser);
      if (!command) break;
      await commands.execute(created.gameId, seat, `c-${i}`, command).catch((error: unknown) => {
        if (!(error instanceof RuleViolation)) throw error;
      });
    }
    await settle();
    return created.gameId;
  }

  const outlook = (game: LoadedGame) => ({
    revision: game.revision,
    state: game.state,
    undo: game.history.undoable(),
    redo: game.history.redoable(),
    takeback: game.history.takebackView(),
    seatTokens: game.seatTokens,
    createdUnder: game.createdUnder,
    rulesVersion: game.rulesVersion,
    commands: [...game.commands.entries()].sort(([a], [b]) => a.localeCompare(b)),
  });

  it('opens a long game from its snapshot and the log after it: the board, history and command records of a whole fold', async () => {
    const gameId = await played(200);
    const fresh = server();
    expect(fresh.snapshots.read(gameId)).toBeDefined();
    const opened = await fresh.games.load(gameId);
    expect(opened.history.startsAfter).toBeGreaterThanOrEqual(EVERY);
    const whole = await server({ snapshots: false }).games.load(gameId);
    expect(whole.history.startsAfter).toBe(-1);
    expect(outlook(opened)).toEqual(outlook(whole));
  });

  it('undoes, after opening from a snapshot, to the same board as a game folded from its whole log', async () => {
    const gameId = await played(45); // still going: first-voyage is lost once its rounds run out
    const fresh = server();
    const opened = await fresh.games.load(gameId);
    expect(opened.history.startsAfter).toBeGreaterThanOrEqual(0);
    // Play on (the listed options, never an undo) until the last action can be undone.
    const chooser = seededRng(9);
    for (let i = 0; i < 60 && !(opened.history.undoable()?.by.length ?? 0); i++) {
      const seat = opened.state.turn?.seat ?? 1;
      const command = pick(legalCommands(opened.state, seat, { history: opened.history }), chooser, ['Undo', 'Redo']);
      if (!command) break;
      await fresh.commands.execute(gameId, seat, `on-${i}`, command).catch(() => undefined);
    }
    const by = opened.history.undoable()?.by[0];
    expect(by).toBeDefined();
    await fresh.commands.execute(gameId, by as number, 'the-undo', { type: 'Undo' });
    const whole = await server({ snapshots: false }).games.load(gameId);
    expect(outlook(await fresh.games.load(gameId))).toEqual(outlook(whole));
  });

  it('answers the whole log, the notes and who played each seat when, for a game opened from its snapshot, as for a whole fold', async () => {
    const gameId = await played(120);
    const fresh = server();
    const opened = await fresh.games.load(gameId);
    const whole = await server({ snapshots: false }).games.load(gameId);
    expect(opened.history.startsAfter).toBeGreaterThanOrEqual(0);
    expect((await fresh.games.wholeLog(opened)).map((e) => [e.actionId, e.seat, e.event])).toEqual(
      whole.history.entries.map((e) => [e.actionId, e.seat, e.event]),
    );
    expect(notesOf(opened)).toBe(notesOf(whole));
    for (const revision of [0, opened.history.startsAfter, opened.revision]) expect(seatBotsAt(opened, revision)).toEqual(seatBotsAt(whole, revision));
  });

  it('discards a snapshot written under other rules and folds the log', async () => {
    const gameId = await played(120);
    const fresh = server();
    const stored = fresh.snapshots.read(gameId)!;
    fresh.snapshots.write(gameId, { revision: stored.revision, text: stored.text.replace(/"rules":"[^"]*"/, '"rules":"an-older-rules-digest"') });
    const opened = await fresh.games.load(gameId);
    expect(opened.history.startsAfter).toBe(-1);
    expect(outlook(opened)).toEqual(outlook(await server({ snapshots: false }).games.load(gameId)));
  });

  it.each([
    ['text that is no JSON', () => '{"format":1,"rul'],
    ['a snapshot of another log', (text: string) => text.replace(/"eventId":"[^"]*"/, '"eventId":"00000000-0000-4000-8000-000000000000"')],
    ['a snapshot without its state', (text: string) => text.replace(/"state":\{/, '"statf":{')],
  ])('falls back to folding the log from %s', async (_, corrupt) => {
    const gameId = await played(120);
    const fresh = server();
    const stored = fresh.snapshots.read(gameId)!;
    fresh.snapshots.write(gameId, { revision: stored.revision, text: corrupt(stored.text) });
    const opened = await fresh.games.load(gameId);
    expect(opened.history.startsAfter).toBe(-1);
    expect(outlook(opened)).toEqual(outlook(await server({ snapshots: false }).games.load(gameId)));
  });

  it.each([
    ['its first event', 0],
    ['the log from its revision on', 1],
  ])('keeps a good snapshot when the store is unavailable while it reads %s: that load fails (503), the next opens from it', async (_, failing) => {
    const gameId = await played(120);
    const fresh = server();
    const stored = fresh.snapshots.read(gameId)!;
    const readStream = fresh.store.readStream.bind(fresh.store);
    let reads = 0;
    jest
      .spyOn(fresh.store, 'readStream')
      .mockImplementation((...args) => (reads++ === failing ? Promise.reject(new EventStoreUnavailableError('sqlite')) : readStream(...args)));
    await expect(fresh.games.load(gameId)).rejects.toThrow(EventStoreUnavailableError);
    expect(reads).toBe(failing + 1);
    expect(fresh.snapshots.read(gameId)).toEqual(stored);
    const opened = await fresh.games.load(gameId);
    expect(opened.history.startsAfter).toBe(stored.revision);
    expect(outlook(opened)).toEqual(outlook(await server({ snapshots: false }).games.load(gameId)));
  });

  it.each([
    ['before the log', -3],
    ['no position in it', 2.5],
  ])('refuses, before reading the log there, a snapshot whose revision is %s, and folds the log', async (_, revision) => {
    const gameId = await played(120);
    const fresh = server();
    const stored = fresh.snapshots.read(gameId)!;
    const document = JSON.parse(stored.text) as { base: { revision: number } };
    document.base.revision = revision;
    fresh.snapshots.write(gameId, { revision: stored.revision, text: JSON.stringify(document) });
    // A store may refuse such a read with an error of its own (PostgreSQL: not an integer), which fails the load.
    const read = jest.spyOn(fresh.store, 'readStream');
    const opened = await fresh.games.load(gameId);
    expect(read.mock.calls.map(([, options]) => options?.fromRevision)).not.toContain(revision);
    expect(opened.history.startsAfter).toBe(-1);
    expect(outlook(opened)).toEqual(outlook(await server({ snapshots: false }).games.load(gameId)));
  });

  it('drops the snapshot of a game it forgets (a subject was erased: the snapshot holds names)', async () => {
    const gameId = await played(120);
    const fresh = server();
    await fresh.games.load(gameId);
    expect(fresh.snapshots.read(gameId)).toBeDefined();
    fresh.games.forget(gameId);
    expect(fresh.snapshots.read(gameId)).toBeUndefined();
  });
});

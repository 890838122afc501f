// Online rebuilds of the SQLite read models: the next generation is built beside the live one,
// which serves until the new one has caught up; a failed or half-built generation is never served.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { SqliteEventStore } from '@logbook/event-store/sqlite/sqlite-event-store';
import { gameEventUpcasters, effectiveState, gameStreamId, toNewEvents } from '@logbook/game-log';
import { RebuildInProgressError, SqliteGameStateStore, generationFile } from '@logbook/projections';
import type { GameEvent } from '@logbook/rules';
import { playRandomGame } from '@logbook/rules/testing/random-play';
import { openReadModels, type ReadModels } from './read-models';

const GAMES = 6;

describe('online rebuilds of the SQLite read models', () => {
  let dir: string;
  let file: string;
  let store: SqliteEventStore;
  let models: ReadModels | undefined;
  const games = new Map<string, GameEvent[]>();
  const appended = new Map<string, number>();

  beforeAll(() => {
    for (let seed = 1; seed <= GAMES; seed++) {
      games.set(
        `online-${seed}`,
        playRandomGame(seed % 2 ? 'first-voyage' : 'twin-sails', { seed, players: 2, commands: 120, gameId: `online-${seed}` }).events,
      );
    }
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'logbook-online-'));
    file = join(dir, 'read-models.sqlite');
    store = new SqliteEventStore({ filename: join(dir, 'events.sqlite'), upcasters: gameEventUpcasters() });
    appended.clear();
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await models?.close();
    models = undefined;
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = async (): Promise<ReadModels> => {
    models = openReadModels(store, { kind: 'sqlite', filename: file }, { retireAfterMs: 0 });
    for (const runner of Object.values(models.runners)) await runner.start();
    return models;
  };

  /** Appends up to `fraction` of each game's log, a command's worth of events at a time. */
  async function append(fraction: number): Promise<void> {
    for (const [gameId, events] of games) {
      const to = Math.floor(events.length * fraction);
      for (let from = appended.get(gameId) ?? 0; from < to; from += 5) {
        const end = Math.min(to, from + 5);
        await store.append(gameStreamId(gameId), toNewEvents(gameId, `c${from}`, events.slice(from, end), {}), from === 0 ? 'no_stream' : from - 1);
        appended.set(gameId, end);
      }
    }
  }

  async function caughtUp(readModels: ReadModels): Promise<void> {
    const last = await store.lastPosition();
    if (last !== undefined) await Promise.all(Object.values(readModels.runners).map((r) => r.whenHandled(last)));
  }

  /** Every game's row equals a fresh fold of what the store holds of it. */
  async function expectFresh(readModels: ReadModels): Promise<void> {
    await caughtUp(readModels);
    expect((await readModels.gameStates.list({ limit: 1000 })).map((g) => g.gameId).sort()).toEqual([...appended.keys()].sort());
    for (const gameId of appended.keys()) {
      const stream = await store.readStream(gameStreamId(gameId));
      if (stream.status !== 'ok') throw new Error(`no stream ${gameId}`);
      const record = await readModels.gameStates.get(gameId);
      expect(record?.revision).toBe(stream.events.length - 1);
      expect(record?.state).toEqual(effectiveState(stream.events));
      expect((await readModels.analytics.get(gameId))?.figures.revision).toBe(stream.events.length - 1);
    }
  }

  it('builds the next generation while the live one serves, and switches to it once caught up', async () => {
    await append(0.5);
    const readModels = await open();
    await caughtUp(readModels);
    // A reader that keeps reading: no game's revision ever goes backwards, no read fails.
    const seen = new Map<string, number>();
    let reads = 0;
    let reading = true;
    const reader = (async () => {
      while (reading) {
        for (const summary of await readModels.gameStates.list({ limit: 1000 })) {
          expect(summary.revision).toBeGreaterThanOrEqual(seen.get(summary.gameId) ?? -1);
          seen.set(summary.gameId, summary.revision);
        }
        reads += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const states: string[] = [];
    const rebuilt = readModels.rebuildOnline('game-states', (status) => states.push(status.state)).done;
    expect(() => readModels.rebuildOnline('game-states')).toThrow(RebuildInProgressError);
    expect(readModels.generation('game-states')).toBe(0);
    await append(1);
    const done = await rebuilt;
    reading = false;
    await reader;
    expect(done).toMatchObject({ readModel: 'game-states', generation: 1, state: 'switched' });
    expect(states).toContain('catching-up');
    expect(reads).toBeGreaterThan(0);
    expect(readModels.generation('game-states')).toBe(1);
    expect(readModels.generation('analytics')).toBe(0);
    expect(existsSync(generationFile(file, 'game-states', 1))).toBe(true);
    await expectFresh(readModels);

    // A restart opens generation 1, and what it serves is still every game.
    await readModels.close();
    const reopened = await open();
    expect(reopened.generation('game-states')).toBe(1);
    await expectFresh(reopened);
    // Generation 0's rows were emptied: nothing stale (nor an erased name) stays in the file.
    const first = new SqliteGameStateStore({ filename: file });
    expect(first.list()).toEqual([]);
    first.close();
  });

  it('leaves the live generation serving when the new one fails mid-rebuild, and drops the new one', async () => {
    await append(1);
    const readModels = await open();
    await caughtUp(readModels);
    const live = readModels.gameStates;
    let puts = 0;
    const put = SqliteGameStateStore.prototype.put;
    jest.spyOn(SqliteGameStateStore.prototype, 'put').mockImplementation(function (this: SqliteGameStateStore, record) {
      if (this !== live && ++puts > 50) throw new Error('disk full (injected)');
      return put.call(this, record);
    });
    await expect(readModels.rebuildOnline('game-states').done).rejects.toThrow('disk full (injected)');
    expect(readModels.rebuildStatus('game-states')).toMatchObject({ state: 'failed', error: 'disk full (injected)', generation: 1 });
    expect(readModels.generation('game-states')).toBe(0);
    expect(readModels.gameStates).toBe(live);
    expect(existsSync(generationFile(file, 'game-states', 1))).toBe(false);
    jest.restoreAllMocks();
    await expectFresh(readModels);
    // A later rebuild may try again.
    await expect(readModels.rebuildOnline('game-states').done).resolves.toMatchObject({ state: 'switched', generation: 1 });
    await expectFresh(readModels);
  });

  it('renames an erased seat in the generation being built as well as in the live one', async () => {
    await append(1);
    const readModels = await open();
    await caughtUp(readModels);
    const [gameId] = appended.keys();
    const erased = new Map([[1, 'erased player']]);
    const names = { board: erased, shown: erased };
    let renaming: Promise<void> | undefined;
    // Once the new generation has folded the whole log (the old name with it), before it serves.
    const { done } = readModels.rebuildOnline('game-states', (status) => {
      if (status.state === 'catching-up') renaming ??= readModels.refreshNames(gameId!, names);
    });
    await done;
    await renaming;
    expect(renaming).toBeDefined();
    expect(readModels.generation('game-states')).toBe(1);
    expect((await readModels.gameStates.get(gameId!))?.state.seats.find((s) => s.seat === 1)?.name).toBe('erased player');
    expect((await readModels.analytics.get(gameId!))?.figures.seats.find((s) => s.seat === 1)?.name).toBe('erased player');
  });

  it('discards on open a generation a crash left half-built, and serves the live one', async () => {
    await append(1);
    let readModels = await open();
    await caughtUp(readModels);
    await readModels.close();
    // What a kill mid-rebuild leaves: a generation file with some rows, never made live.
    const half = generationFile(file, 'analytics', 1);
    const partial = new SqliteGameStateStore({ filename: half });
    partial.close();
    writeFileSync(`${half}-wal`, '');
    readModels = await open();
    expect(existsSync(half)).toBe(false);
    expect(existsSync(`${half}-wal`)).toBe(false);
    expect(readModels.generation('analytics')).toBe(0);
    await expectFresh(readModels);
  });

  it('serves the rows a projection version change distrusts while it rebuilds them online (the server)', async () => {
    await append(1);
    let readModels = await open();
    await caughtUp(readModels);
    await readModels.close();
    // The file as an older build left it: rows without the time columns a newer one needs.
    const file = new Database(join(dir, 'read-models.sqlite'));
    file.exec('DROP INDEX game_states_newest; ALTER TABLE game_states DROP COLUMN created_at; ALTER TABLE game_states DROP COLUMN updated_at');
    file.close();
    readModels = models = openReadModels(store, { kind: 'sqlite', filename: file.name }, { retireAfterMs: 0, rebuildStaleOnline: true });
    await readModels.runners['game-states'].start();
    // Started without rebuilding in place: the old rows answer at once, a rebuild runs beside them.
    expect(readModels.generation('game-states')).toBe(0);
    expect(readModels.rebuildStatus('game-states')?.generation).toBe(1);
    expect(readModels.gameStates.needsRebuild?.()).toBe(true);
    expect((await readModels.gameStates.list({ limit: 1000 })).length).toBe(appended.size);
    await readModels.runners.analytics.start();
    for (let poll = 0; poll < 400 && readModels.rebuildStatus('game-states')?.state !== 'switched'; poll++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(readModels.rebuildStatus('game-states')?.state).toBe('switched');
    expect(readModels.generation('game-states')).toBe(1);
    expect(readModels.gameStates.needsRebuild?.()).toBe(false);
    await expectFresh(readModels);
  });

  it('rebuilds on memory read models the same way', async () => {
    await append(1);
    models = openReadModels(store, { kind: 'memory' }, { retireAfterMs: 0 });
    for (const runner of Object.values(models.runners)) await runner.start();
    await expect(models.rebuildOnline('analytics').done).resolves.toMatchObject({ state: 'switched', generation: 1 });
    await expectFresh(models);
  });
});

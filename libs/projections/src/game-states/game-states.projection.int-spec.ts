import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, type EventStore } from '@logbook/event-store';
import { gameStreamId, toDomainEvent, toLogEntries, toNewEvents } from '@logbook/game-log';
import { effectiveEntries, foldEvents, type GameEvent } from '@logbook/rules';
import { historyTable } from '@logbook/rules/history/testing/history-table';
import { sea, NAVIGATOR } from '@logbook/rules/navigation/testing/sea-kit';
import { playRandomGame } from '@logbook/rules/testing/random-play';
import { ProjectionRunner } from '../runner/projection-runner';
import type { RebuildProgress } from '../runner/projection';
import { SqliteCheckpointStore } from '../runner/sqlite-checkpoint-store';
import { GameStatesProjection } from './game-states.projection';
import { SqliteGameStateStore } from './sqlite-game-state-store';

/** Appends the games' events in small chunks, interleaving the games in the global order. */
async function appendInterleaved(store: EventStore, games: Map<string, GameEvent[]>, chunk = 5): Promise<void> {
  const cursors = new Map([...games.keys()].map((id) => [id, 0]));
  let left = true;
  while (left) {
    left = false;
    for (const [gameId, events] of games) {
      const at = cursors.get(gameId)!;
      if (at >= events.length) continue;
      left = true;
      const part = events.slice(at, at + chunk);
      await store.append(gameStreamId(gameId), toNewEvents(gameId, `c${at}`, part, {}), at === 0 ? 'no_stream' : at - 1);
      cursors.set(gameId, at + part.length);
    }
  }
}

async function freshFold(store: EventStore, gameId: string) {
  const result = await store.readStream(gameStreamId(gameId));
  if (result.status !== 'ok') throw new Error(`no stream for ${gameId}`);
  return { state: foldEvents(result.events.map(toDomainEvent)), revision: result.events.length - 1 };
}

describe('the game-states read model', () => {
  let dir: string;
  let store: EventStore;
  const games = new Map<string, GameEvent[]>();

  beforeAll(() => {
    for (let seed = 1; seed <= 8; seed++) {
      const gameId = `g${seed}`;
      games.set(gameId, playRandomGame(seed % 2 ? 'first-voyage' : 'twin-sails', { seed, players: 1 + (seed % 3), commands: 300, gameId }).events);
    }
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'logbook-game-states-'));
    store = new SqliteEventStore({ filename: join(dir, 'events.sqlite') });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = () => {
    const states = new SqliteGameStateStore({ filename: join(dir, 'read-models.sqlite') });
    const checkpoints = new SqliteCheckpointStore({ filename: join(dir, 'read-models.sqlite') });
    const runner = new ProjectionRunner(store, checkpoints, new GameStatesProjection(states));
    return {
      states,
      runner,
      async close() {
        await runner.stop();
        states.close();
        await checkpoints.close();
      },
    };
  };

  const expectEqualToFreshFolds = async (states: SqliteGameStateStore, ids: Iterable<string>) => {
    for (const gameId of ids) {
      const fresh = await freshFold(store, gameId);
      const record = states.get(gameId);
      expect(record?.revision).toBe(fresh.revision);
      expect(record?.state).toEqual(fresh.state);
    }
  };

  it('equals a fresh fold of every game, through a restart that resumes from the checkpoint', async () => {
    const firstHalf = new Map([...games].map(([id, events]) => [id, events.slice(0, Math.ceil(events.length / 2))]));
    await appendInterleaved(store, firstHalf);
    let model = open();
    await model.runner.start();
    await model.runner.whenHandled((await store.lastPosition())!);
    await expectEqualToFreshFolds(model.states, games.keys());
    await model.close();

    // The server stops; more orders are recorded; a new process resumes where the old one stopped.
    for (const [gameId, events] of games) {
      const rest = events.slice(firstHalf.get(gameId)!.length);
      if (rest.length > 0) await store.append(gameStreamId(gameId), toNewEvents(gameId, 'rest', rest, {}), firstHalf.get(gameId)!.length - 1);
    }
    model = open();
    await model.runner.start();
    await model.runner.whenHandled((await store.lastPosition())!);
    await expectEqualToFreshFolds(model.states, games.keys());
    expect(
      model.states
        .list({ limit: 100 })
        .map((s) => s.gameId)
        .sort(),
    ).toEqual([...games.keys()].sort());
    await model.close();
  });

  it('counts the games whose rows wait in memory, and a runner bounded by rows writes them once that many wait', async () => {
    await appendInterleaved(store, games);
    const states = new SqliteGameStateStore({ filename: join(dir, 'read-models.sqlite') });
    const checkpoints = new SqliteCheckpointStore({ filename: join(dir, 'read-models.sqlite') });
    const projection = new GameStatesProjection(states);
    // Far more events than games: only the bound by rows (one per game) can save before the end.
    const runner = new ProjectionRunner(store, checkpoints, projection, { checkpointEvery: 1_000_000, checkpointRows: games.size });
    const events = Number(await store.lastPosition());
    expect(events).toBeGreaterThan(10 * games.size);
    await runner.start();
    await runner.whenHandled(BigInt(events));
    const saved = await checkpoints.load(projection.name);
    expect(saved).toBeDefined();
    expect(saved!).toBeLessThan(BigInt(events));
    expect(projection.unwritten()).toBeLessThan(games.size);
    const onDisk = new Database(join(dir, 'read-models.sqlite'), { readonly: true });
    expect((onDisk.prepare('SELECT count(*) n FROM game_states').get() as { n: number }).n).toBe(games.size);
    onDisk.close();
    await runner.stop();
    expect(projection.unwritten()).toBe(0);
    states.close();
    await checkpoints.close();
  });

  it('rebuilds from zero with progress and ends equal to a fresh fold', async () => {
    await appendInterleaved(store, games);
    const model = open();
    const progress: RebuildProgress[] = [];
    const handled = await model.runner.rebuild((p) => progress.push(p));
    expect(handled).toBe([...games.values()].reduce((n, events) => n + events.length, 0));
    expect(progress.at(-1)?.fraction).toBe(1);
    const fractions = progress.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    await expectEqualToFreshFolds(model.states, games.keys());
    await model.close();
  });

  it('rebuilds a file written before games had times, so every game has its created time', async () => {
    const events = games.get('g1')!.slice(0, 20);
    const createdAt = '2026-01-01T10:00:00.000Z';
    await store.append(gameStreamId('g1'), toNewEvents('g1', 'c0', events.slice(0, 1), { recordedAt: createdAt }), 'no_stream');
    await store.append(gameStreamId('g1'), toNewEvents('g1', 'c1', events.slice(1), { recordedAt: '2026-01-01T10:05:00.000Z' }), 0);
    let model = open();
    await model.runner.start();
    await model.runner.whenHandled((await store.lastPosition())!);
    await model.runner.checkpointNow();
    await model.close();
    // The file as an older server left it: the same rows and checkpoint, without the time columns.
    const file = new Database(join(dir, 'read-models.sqlite'));
    file.exec('DROP INDEX game_states_newest; ALTER TABLE game_states DROP COLUMN created_at; ALTER TABLE game_states DROP COLUMN updated_at');
    file.close();

    model = open();
    await model.runner.start();
    expect(model.states.get('g1')).toMatchObject({ revision: events.length - 1, createdAt, updatedAt: '2026-01-01T10:05:00.000Z' });
    expect(model.states.list()).toEqual([expect.objectContaining({ gameId: 'g1', createdAt })]);
    expect(model.states.needsRebuild()).toBe(false);
    await model.close();
  });

  it('folds an event delivered twice only once', async () => {
    await appendInterleaved(store, new Map([['g1', games.get('g1')!]]));
    const states = new SqliteGameStateStore({ filename: ':memory:' });
    const projection = new GameStatesProjection(states);
    const stream = await store.readStream(gameStreamId('g1'));
    if (stream.status !== 'ok') throw new Error('missing');
    for (const event of stream.events) await projection.handle(event);
    for (const event of stream.events.slice(-3)) await projection.handle(event);
    expect(states.get('g1')?.state).toEqual((await freshFold(store, 'g1')).state);
    states.close();
  });

  it('refolds the effective log when an action is undone or redone', async () => {
    const table = historyTable(sea({ ship: { crew: [NAVIGATOR] } }), { players: 2, mode: 'sandbox' });
    table.send(1, { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] });
    table.send(1, { type: 'EndTurn' });
    table.send(2, { type: 'Undo' });
    table.send(2, { type: 'Undo' });
    table.send(1, { type: 'Redo' });
    // Each action appended under its own commandId and seat, as the server appends them.
    let revision = -1;
    for (const action of groupBy(table.history.entries)) {
      const metadata = { commandId: action[0].actionId, seat: action[0].seat };
      const appended = toNewEvents(
        'u1',
        action[0].actionId,
        action.map((e) => e.event),
        metadata,
      );
      await store.append(gameStreamId('u1'), appended, revision < 0 ? 'no_stream' : revision);
      revision += appended.length;
    }
    const states = new SqliteGameStateStore({ filename: ':memory:' });
    const projection = new GameStatesProjection(states, async (gameId, to) => {
      const read = await store.readStream(gameStreamId(gameId), { fromRevision: 0, maxCount: to + 1 });
      return read.status === 'ok' ? read.events : [];
    });
    const stream = await store.readStream(gameStreamId('u1'));
    if (stream.status !== 'ok') throw new Error('missing');
    for (const event of stream.events) await projection.handle(event);
    expect(states.get('u1')?.state).toEqual(table.history.state);
    expect(states.get('u1')?.state).toEqual(foldEvents(effectiveEntries(toLogEntries(stream.events)).map((e) => e.event)));
    states.close();
  });
});

function groupBy<T extends { actionId: string }>(entries: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (last && last[0].actionId === entry.actionId) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

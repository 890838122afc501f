import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { WrongExpectedRevisionError } from '../errors';
import type { RecordedEvent } from '../event-store.port';
import { events } from '../testing/contract/contract-fixture';
import { SqliteEventStore } from './sqlite-event-store';

describe('SQLite group commit', () => {
  let dir: string;
  let filename: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'logbook-group-'));
    filename = join(dir, 'events.db');
    store = new SqliteEventStore({ filename, maxBatchSize: 100 });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const games = (count: number) => Array.from({ length: count }, (_, i) => `game-${i}`);

  it('commits appends to different games made in the same tick in one transaction', async () => {
    await Promise.all(games(50).map((game) => store.append(game, events(2), 'no_stream')));
    expect(store.commitStats).toEqual({ transactions: 1, appends: 50 });
  });

  it('splits a larger group into transactions of at most maxBatchSize appends', async () => {
    await Promise.all(games(250).map((game) => store.append(game, events(2), 'no_stream')));
    expect(store.commitStats).toEqual({ transactions: 3, appends: 250 });
  });

  it('an observer hears each group commit with its size and duration, until it is removed', async () => {
    const heard: Array<[number, number]> = [];
    store.observeCommits((appends, seconds) => heard.push([appends, seconds]));
    await Promise.all(games(250).map((game) => store.append(game, events(2), 'no_stream')));
    expect(heard.map(([appends]) => appends)).toEqual([100, 100, 50]);
    for (const [, seconds] of heard) expect(seconds).toBeGreaterThanOrEqual(0);
    store.observeCommits(undefined);
    await store.append('game-0', events(1), 1);
    expect(heard).toHaveLength(3);
  });

  it('a stale append in the group is rejected while the rest of its transaction commits', async () => {
    const outcomes = await Promise.allSettled(games(10).map((game, i) => store.append(game, events(2), i === 4 ? 0 : 'no_stream')));
    expect(store.commitStats.transactions).toBe(1);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(9);
    expect((outcomes[4] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
  });

  it('two appends to one game in the same group see each other: the second checks against the first', async () => {
    await store.append('game-1', events(1), 'no_stream');
    const [first, second] = await Promise.allSettled([store.append('game-1', events(1), 0), store.append('game-1', events(1), 0)]);
    expect(store.commitStats.transactions).toBe(2);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
  });

  it('resolves an append only once its transaction is on disk for another connection to read', async () => {
    const reader = new Database(filename, { readonly: true });
    const count = reader.prepare('SELECT count(*) FROM events WHERE stream_id = ?').pluck();
    try {
      const seenAtResolution = await Promise.all(games(20).map((game) => store.append(game, events(2), 'no_stream').then(() => count.get(game))));
      expect(seenAtResolution).toEqual(Array(20).fill(2));
    } finally {
      reader.close();
    }
  });

  it('tells live subscribers after the commit, in global order', async () => {
    const reader = new Database(filename, { readonly: true });
    const stored = reader.prepare('SELECT count(*) FROM events WHERE position = ?').pluck();
    const received: { event: RecordedEvent; committed: boolean }[] = [];
    const subscription = store.subscribeToAll().subscribe((event) => {
      received.push({ event, committed: stored.get(Number(event.position)) === 1 });
    });
    try {
      await Promise.all(games(30).map((game) => store.append(game, events(2), 'no_stream')));
      await new Promise((resolve) => setImmediate(resolve));
      expect(received).toHaveLength(60);
      expect(received.every(({ committed }) => committed)).toBe(true);
      const positions = received.map(({ event }) => event.position);
      expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
    } finally {
      subscription.unsubscribe();
      reader.close();
    }
  });

  it('close() commits appends still waiting for their group before closing the file', async () => {
    const pending = store.append('game-1', events(2), 'no_stream');
    await store.close();
    await expect(pending).resolves.toMatchObject({ nextExpectedRevision: 1 });
    store = new SqliteEventStore({ filename });
    expect((await store.readStream('game-1')).status).toBe('ok');
  });
});

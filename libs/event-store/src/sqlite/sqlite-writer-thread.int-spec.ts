import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { InThreadCommitter } from '../core/group-committer';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../errors';
import type { RecordedEvent } from '../event-store.port';
import { events } from '../testing/contract/contract-fixture';
import { SqliteEventStore } from './sqlite-event-store';
import { SqliteWriterThread } from './sqlite-writer';

const REPO_ROOT = resolve(__dirname, '../../../..');
const committerOf = (store: SqliteEventStore) => (store as unknown as { committer: unknown }).committer;
const writerOf = (store: SqliteEventStore) => committerOf(store) as SqliteWriterThread;
const workerOf = (store: SqliteEventStore) => (writerOf(store) as unknown as { worker: Worker }).worker;

/** Appends one event to `streamId` from ANOTHER PROCESS (its own store, connection and writer thread). */
async function appendFromAnotherProcess(filename: string, streamId: string): Promise<void> {
  const script = `
    const { SqliteEventStore } = require('./libs/event-store/src/sqlite/sqlite-event-store');
    const store = new SqliteEventStore({ filename: process.argv[1], writer: 'thread' });
    store.append(process.argv[2], [{ id: require('node:crypto').randomUUID(), type: 'FromElsewhere', data: {} }], 'any')
      .then(() => store.close(), (error) => { console.error(error); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['-r', '@swc-node/register', '-e', script, filename, streamId], { cwd: REPO_ROOT });
}

describe('SQLite writer thread', () => {
  let dir: string;
  let filename: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'logbook-writer-'));
    filename = join(dir, 'events.db');
    store = new SqliteEventStore({ filename, writer: 'thread' });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is what writer 'thread' commits with; its connection fsyncs every commit (WAL, synchronous=FULL)", async () => {
    expect(committerOf(store)).toBeInstanceOf(SqliteWriterThread);
    await expect(store.ping()).resolves.toBeUndefined(); // once the writer has the file open
    await expect(writerOf(store).settings).resolves.toEqual({ synchronous: 2, journalMode: 'wal' });
  });

  it("':memory:' commits in the calling thread (a second connection cannot share it), and asking for a thread there is refused", async () => {
    const memory = new SqliteEventStore({ filename: ':memory:' });
    expect(committerOf(memory)).toBeInstanceOf(InThreadCommitter);
    await memory.close();
    expect(() => new SqliteEventStore({ filename: ':memory:', writer: 'thread' })).toThrow(/cannot share a private database/);
  });

  it("writer 'main', the default, on a file commits in the calling thread", async () => {
    const byDefault = new SqliteEventStore({ filename: join(dir, 'default.db') });
    expect(committerOf(byDefault)).toBeInstanceOf(InThreadCommitter);
    await byDefault.close();
    const inThread = new SqliteEventStore({ filename: join(dir, 'main.db'), writer: 'main' });
    expect(committerOf(inThread)).toBeInstanceOf(InThreadCommitter);
    await inThread.append('game-1', events(2), 'no_stream');
    expect((await inThread.readStream('game-1')).status).toBe('ok');
    await inThread.close();
  });

  it('a stale append comes back from the thread as the same error, class, fields and message, as in-thread', async () => {
    await store.append('game-1', events(1), 'no_stream');
    const fromThread = await store.append('game-1', events(1), 'no_stream').catch((error: unknown) => error);
    const memory = new SqliteEventStore({ filename: ':memory:' });
    await memory.append('game-1', events(1), 'no_stream');
    const inThread = await memory.append('game-1', events(1), 'no_stream').catch((error: unknown) => error);
    await memory.close();
    expect(fromThread).toBeInstanceOf(WrongExpectedRevisionError);
    expect(fromThread).toMatchObject({ name: 'WrongExpectedRevisionError', streamId: 'game-1', expected: 'no_stream', actual: 0 });
    expect((fromThread as Error).message).toBe((inThread as Error).message);
  });

  it('a thread that dies fails the appends in flight and every later one with a clear error, and close() still returns', async () => {
    await store.append('game-1', events(1), 'no_stream');
    const inFlight = Promise.allSettled(Array.from({ length: 20 }, (_, i) => store.append(`game-dying-${i}`, events(2), 'no_stream')));
    await new Promise((resolve) => setImmediate(resolve)); // the group is sent
    await workerOf(store).terminate();
    const outcomes = await inFlight;
    for (const outcome of outcomes) {
      // Either it committed before the thread died, or it failed with an error saying the outcome is unknown.
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(EventStoreUnavailableError);
    }
    const later = await store.append('game-2', events(1), 'no_stream').catch((error: unknown) => error);
    expect(later).toBeInstanceOf(EventStoreUnavailableError);
    expect(((later as EventStoreUnavailableError).cause as Error).message).toMatch(/SQLite writer thread for .*events\.db stopped/);
    await expect(store.ping()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.ping()).rejects.toThrow(/Event store sqlite is unavailable/);
    // Reads still work: they are the main thread's own connection.
    expect((await store.readStream('game-1')).status).toBe('ok');
  });

  it('answers an append only after its group is committed: another connection already reads it', async () => {
    const reader = new SqliteEventStore({ filename, writer: 'main' });
    try {
      const seen = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          store.append(`game-${i}`, events(3), 'no_stream').then(async (result) => {
            const read = await reader.readStream(`game-${i}`);
            return read.status === 'ok' && read.events.at(-1)?.position === result.position;
          }),
        ),
      );
      expect(seen).toEqual(Array(30).fill(true));
    } finally {
      await reader.close();
    }
  });

  it('live subscriptions opened while groups commit hear every event once, in global order, without a gap', async () => {
    const heard: RecordedEvent[][] = [];
    const subscriptions: { unsubscribe(): void }[] = [];
    const games = Array.from({ length: 40 }, (_, g) => `game-${g}`);
    const writing = (async () => {
      const heads = new Map<string, number | 'no_stream'>(games.map((game) => [game, 'no_stream']));
      for (let round = 0; round < 15; round++) {
        if (round % 3 === 0) {
          const received: RecordedEvent[] = [];
          heard.push(received);
          // The main connection may read a group whose answer has not arrived yet: the hand-over skips it by position.
          subscriptions.push(store.subscribeToAll({ fromPosition: round === 0 ? undefined : 3n }).subscribe((event) => received.push(event)));
        }
        await Promise.all(
          games.map(async (game) => heads.set(game, (await store.append(game, events(1 + (round % 3)), heads.get(game)!)).nextExpectedRevision)),
        );
      }
    })();
    await writing;
    const all = await store.readAll();
    await new Promise((resolve) => setTimeout(resolve, 50));
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    heard.forEach((received, i) => {
      const expected = all.filter((event) => i === 0 || event.position > 3n).map((event) => event.position);
      expect(received.map((event) => event.position)).toEqual(expected);
    });
  });

  it('writesElsewhere counts another process writing the file, never this store writing through its thread', async () => {
    const start = store.writesElsewhere!();
    await store.append('game-1', events(2), 'no_stream');
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(`game-own-${i}`, events(1), 'no_stream')));
    expect(store.writesElsewhere!()).toBe(start);

    await appendFromAnotherProcess(filename, 'game-other');
    const afterOne = store.writesElsewhere!();
    expect(afterOne).toBeGreaterThan(start);
    expect(store.writesElsewhere!()).toBe(afterOne);

    // Our next commits find the other process's rows between theirs: counted once already, not again.
    await store.append('game-1', events(1), 1);
    await store.append('game-1', events(1), 2);
    expect(store.writesElsewhere!()).toBe(afterOne);

    await store.append('game-1', events(1), 3); // the writer's last commit is ours...
    await appendFromAnotherProcess(filename, 'game-other'); // ...then another process writes after it
    await store.append('game-1', events(1), 4); // and ours again, before anyone asked
    expect(store.writesElsewhere!()).toBeGreaterThan(afterOne);
  }, 60_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { NewEvent } from '../event-store.port';
import { READ_THREAD_MIN_EVENTS, SqliteEventStore } from './sqlite-event-store';

/** The store's reader thread, if it has started one (looked at, not driven: SqliteReader is private to the store). */
const readerThreadOf = (store: SqliteEventStore): Worker | undefined => (store as unknown as { reader: { worker: Worker | undefined } }).reader.worker;

const events = (n: number, from = 0): NewEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `e-${from + i}`,
    type: ['Moved', 'Turned', 'Noted'][(from + i) % 3] as string,
    // Some long enough to come on demand when a reader does not ask for their type's data.
    data: { i: from + i, long: (from + i) % 5 === 0 ? 'x'.repeat(3000) : null },
    metadata: { commandId: `c-${Math.floor((from + i) / 2)}`, seat: (from + i) % 2 },
  }));

describe("SQLite's reader thread", () => {
  let dir: string;
  let store: SqliteEventStore;
  let local: SqliteEventStore;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'logbook-reader-'));
    const filename = join(dir, 'events.db');
    // Small pages (8 kB a query), so one read is many pages of the thread's.
    store = new SqliteEventStore({ filename, readThread: true, readPageBytes: 8_000 });
    local = new SqliteEventStore({ filename, readPageBytes: 8_000 });
    for (let game = 0; game < 6; game++) await store.append(game % 3 === 2 ? `content-${game}` : `game-${game}`, events(200, game * 200), 'no_stream');
  });
  afterEach(async () => {
    await store.close();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['everything', {}],
    ['from a position, at most 700', { fromPosition: 333n, maxCount: 700 }],
    ['about 20 kB', { maxCount: 1000, maxBytes: 20_000 }],
    ['a stream prefix', { filter: { streamPrefixes: ['game-'] } }],
    ['some types, the data of one', { filter: { eventTypes: ['Moved', 'Noted'], dataOf: ['Moved'] } }],
  ])('reads %s exactly as the store on its own connection does', async (_case, options) => {
    const threaded = await store.readAll(options);
    expect(threaded.length).toBeGreaterThan(0);
    expect(threaded).toStrictEqual(await local.readAll(options));
    // Data left out of a page (dataOf) is read on the store's own connection when asked for.
    expect(threaded.map((event) => event.data)).toEqual((await local.readAll(options)).map((event) => event.data));
    expect(readerThreadOf(store)).toBeDefined();
  });

  it('sees every append as soon as it is acknowledged', async () => {
    for (let round = 0; round < 5; round++) {
      const { position } = await store.append('game-0', events(3, 5000 + round * 3), 'any');
      const read = await store.readAll({ fromPosition: position - 3n, maxCount: READ_THREAD_MIN_EVENTS });
      expect(read.map((event) => event.position)).toEqual([position - 2n, position - 1n, position]);
    }
  });

  it('reads on while one page is parsed, and still sees an append acknowledged after it read on', async () => {
    const read = (fromPosition?: bigint) => store.readAll({ fromPosition, maxCount: READ_THREAD_MIN_EVENTS });
    // 1,200 events: the thread reads 501–1,000 ahead while the first page is parsed, then 1,001–1,200, the end of the log then.
    const first = await read();
    const second = await read(first.at(-1)?.position);
    const { position } = await store.append('game-0', events(2, 9000), 'any');
    const third = await read(second.at(-1)?.position);
    expect([first.length, second.length, third.length]).toEqual([500, 500, 202]);
    expect(third.at(-1)?.position).toBe(position);
    expect([...first, ...second, ...third]).toStrictEqual(await local.readAll());
  });

  it(`leaves reads of fewer than ${READ_THREAD_MIN_EVENTS} events on the store's own connection`, async () => {
    expect(await store.readAll({ maxCount: READ_THREAD_MIN_EVENTS - 1 })).toHaveLength(READ_THREAD_MIN_EVENTS - 1);
    expect(readerThreadOf(store)).toBeUndefined();
  });

  it('fails a read under way when the store closes, saying so', async () => {
    const failed = expect(store.readAll()).rejects.toThrow(/closed while reading/);
    await store.close();
    await failed;
  });

  it('starts another thread for the next read when its thread has stopped', async () => {
    const before = await store.readAll();
    const stopped = readerThreadOf(store) as Worker;
    await stopped.terminate();
    expect(await store.readAll()).toStrictEqual(before);
    expect(readerThreadOf(store)).toBeDefined();
    expect(readerThreadOf(store)).not.toBe(stopped);
  });
});

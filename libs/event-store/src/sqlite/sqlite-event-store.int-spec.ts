import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from './sqlite-event-store';

describe('SqliteEventStore on a file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-sqlite-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps appended events and stream heads across a reopen', async () => {
    const filename = join(dir, 'events.db');
    const first = new SqliteEventStore({ filename });
    await first.append('game-1', [{ id: 'e1', type: 'GameStarted', data: { seats: 2 } }], 'no_stream');
    await first.close();

    const reopened = new SqliteEventStore({ filename });
    await reopened.append('game-1', [{ id: 'e2', type: 'ShipMoved', data: { to: 'B2' } }], 0);
    const read = await reopened.readStream('game-1');
    await reopened.close();

    expect(read.status === 'ok' && read.events.map((event) => [event.id, event.revision])).toEqual([
      ['e1', 0],
      ['e2', 1],
    ]);
  });

  // The prefix filter is checked against whichever set of streams is smaller when its query is
  // made (the matching ones or the others): both must read exactly the matching streams, those
  // created after the query included.
  it.each([
    ['most streams match', 4, 1],
    ['few streams match', 1, 4],
  ])('reads all of a stream prefix when %s, streams created later included', async (_case, games, others) => {
    const store = new SqliteEventStore({ filename: join(dir, 'events.db') });
    const append = (streamId: string) => store.append(streamId, [{ id: `${streamId}-e`, type: 'Noted', data: { streamId } }], 'no_stream');
    for (let i = 0; i < games; i++) await append(`game-${i}`);
    for (let i = 0; i < others; i++) await append(`content-${i}`);
    const read = async () => (await store.readAll({ filter: { streamPrefixes: ['game-'] } })).map((event) => event.streamId);
    const expected = Array.from({ length: games }, (_, i) => `game-${i}`);
    expect(await read()).toEqual(expected);
    await append('content-later');
    await append('game-later');
    expect(await read()).toEqual([...expected, 'game-later']);
    await store.close();
  });

  it('reads every kind of event id back as appended, through its own connection and the reader thread', async () => {
    const filename = join(dir, 'ids.db');
    // Stored as a blob: a lowercase UUID. As text: anything else, 32 hex digits or an uppercase UUID included.
    const ids = ['0f8e2c4a-93b1-4d7e-a5c6-1b2d3e4f5a6b', '0F8E2C4A-93B1-4D7E-A5C6-1B2D3E4F5A6C', '0f8e2c4a93b14d7ea5c61b2d3e4f5a6d', 'e-"quoted"', 'ü-1'];
    const many = Array.from({ length: 600 }, (_, i) => ({ id: `${ids[0]!.slice(0, 24)}${String(i).padStart(12, '0')}`, type: 'T', data: { i } }));
    const store = new SqliteEventStore({ filename, readThread: true });
    try {
      await store.append(
        'game-1',
        ids.map((id) => ({ id, type: 'T', data: {} })),
        'no_stream',
      );
      await store.append('game-2', many, 'no_stream');
      const stream = await store.readStream('game-1');
      expect(stream.status === 'ok' && stream.events.map((e) => e.id)).toEqual(ids);
      // 605 events: a read the reader thread builds.
      const all = await store.readAll();
      expect(all.map((e) => e.id)).toEqual([...ids, ...many.map((e) => e.id)]);
    } finally {
      await store.close();
    }
  });

  it('opens the file in WAL mode with a full fsync on every commit', async () => {
    const filename = join(dir, 'events.db');
    await new SqliteEventStore({ filename }).close();
    const db = new Database(filename, { readonly: true });
    const journal = db.pragma('journal_mode', { simple: true });
    db.close();
    expect(journal).toBe('wal');
    // synchronous is per connection, so it is asserted through the store's own schema setup.
    const store = new SqliteEventStore({ filename });
    expect((store as unknown as { storage: { db: Database.Database } }).storage.db.pragma('synchronous', { simple: true })).toBe(2);
    await store.close();
  });

  it('refuses a file written by a newer schema instead of guessing', () => {
    const filename = join(dir, 'events.db');
    const db = new Database(filename);
    db.pragma('user_version = 99');
    db.close();
    expect(() => new SqliteEventStore({ filename })).toThrow(/schema v99/);
  });
});

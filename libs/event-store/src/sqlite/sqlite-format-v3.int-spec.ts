import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RecordedEvent } from '../event-store.port';
import { LocalEventStore } from '../core/local-event-store';
import type { SerializedEvent } from '../core/serialized-event';
import { describeEventStoreContract } from '../testing/event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';
import { decodeEventId, decodeMetadata, encodeEventId, encodeMetadata } from './sqlite-row-codec';
import { DDL_V2, SCHEMA_VERSION } from './sqlite-schema';
import { SqliteStorage } from './sqlite-storage';
import { MAX_INTERNED_CHARS, metadataSplit } from './sqlite-texts';

type V2Row = [streamId: string, revision: number, id: string, type: string, data: string, metadata: string, schemaVersion: number];

/** A file exactly as Logbook before schema v3 made it, with the rows given (metadata as the v2 codec's text). */
function writeV2File(filename: string, rows: V2Row[]): void {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.exec(DDL_V2);
  db.pragma('user_version = 2');
  const key = (table: string, column: string, name: string, extra = '') =>
    (db.prepare(`SELECT rowid FROM ${table} WHERE ${column} = ?`).pluck().get(name) as number | undefined) ??
    Number(db.prepare(`INSERT INTO ${table} (${column}${extra ? ', last_revision' : ''}) VALUES (?${extra})`).run(name).lastInsertRowid);
  db.transaction(() => {
    for (const [streamId, revision, id, type, data, metadata, schemaVersion] of rows) {
      const stream = key('streams', 'stream_id', streamId, ', -1');
      db.prepare('UPDATE streams SET last_revision = ? WHERE stream_key = ?').run(revision, stream);
      db.prepare('INSERT INTO log (stream, revision, id, type, data, metadata, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        stream,
        revision,
        encodeEventId(id),
        key('event_types', 'type', type),
        data,
        metadata,
        schemaVersion,
      );
    }
  })();
  db.close();
}

/** What a v2 store read back for each row. */
function readAsV2(filename: string): RecordedEvent[] {
  const db = new Database(filename, { readonly: true });
  const rows = db
    .prepare(
      `SELECT l.position, s.stream_id, l.revision, l.id, t.type, l.data, l.metadata, l.schema_version
       FROM log l JOIN streams s ON s.stream_key = l.stream JOIN event_types t ON t.type_key = l.type ORDER BY l.position`,
    )
    .raw()
    .all() as [number, string, number, Buffer | string, string, string, string, number][];
  db.close();
  return rows.map(([position, streamId, revision, id, type, data, metadata, schemaVersion]) => ({
    id: decodeEventId(id),
    streamId,
    revision,
    position: BigInt(position),
    type,
    data: JSON.parse(data),
    metadata: decodeMetadata(JSON.parse(metadata), schemaVersion),
    schemaVersion,
  }));
}

const moved = '{"data":{"shipId":"cutter","from":{"q":2,"r":-2},"to":{"q":2,"r":-1},"cost":1}}';
const action = (commandId: string, time: string) =>
  encodeMetadata({ commandId, seat: 1, recordedAt: time, command: { type: 'MoveShip' }, commandFingerprint: 'ZXp3ViZnCUqM8PJSOjRh1g', schemaVersion: 1 }, 1);

const V2_ROWS: V2Row[] = [
  ['game-a', 0, '3a5cab02-4bfe-5181-99bb-35224305368d', 'GameCreated', '{"data":{"scenario":"s"}}', action('create-a', '2026-01-01T00:00:00.000Z'), 1],
  ['game-a', 1, '5bcd315f-faea-5c07-b0d3-a7b0665ed30e', 'ShipMoved', moved, action('c-1', '2026-01-01T00:00:01.000Z'), 1],
  ['game-b', 0, 'e-1', 'ShipMoved', moved, action('c-2', '2026-01-01T00:00:02.000Z'), 1],
  ['game-a', 2, 'E1C7A2F0-0000-4000-8000-000000000000', 'ShipMoved', moved, action('c-3', 'not a time'), 2],
  ['game-a', 3, 'x-3', 'BlessingAdvanced', '{"data":{"deck":999}}', encodeMetadata({ commandId: 'c-3', schemaVersion: 2 }, 2), 2],
  ['analytics-x', 0, 'x-0', 'Anything', '[1,2,3]', '{"schemaVersion":7,"seat":3}', 7],
];

const texts = (filename: string): string[] => {
  const db = new Database(filename, { readonly: true });
  const all = db.prepare('SELECT text FROM texts ORDER BY key').pluck().all() as string[];
  db.close();
  return all;
};

describe('SQLite schema v2 -> v3 migration on open', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-migrate-v3-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back from a migrated file exactly what v2 read, stores repeated texts once, and appends after it', async () => {
    const filename = join(dir, 'v2.db');
    writeV2File(filename, V2_ROWS);
    const before = readAsV2(filename);
    const store = new SqliteEventStore({ filename });
    try {
      expect(await store.readAll()).toStrictEqual(before);
      const a = await store.readStream('game-a');
      expect(a.status === 'ok' && a.events).toStrictEqual(before.filter((e) => e.streamId === 'game-a'));
      expect(await store.readAll({ filter: { eventTypes: ['ShipMoved'] } })).toStrictEqual(before.filter((e) => e.type === 'ShipMoved'));
      // A retry of an append made before the migration is still recognised by its ids.
      await expect(store.append('game-b', [{ id: 'e-1', type: 'ShipMoved', data: {} }], 'no_stream')).resolves.toMatchObject({ position: 3n });
      await expect(store.append('game-a', [{ id: 'e-new', type: 'ShipMoved', data: { n: 1 } }], 3)).resolves.toMatchObject({ position: 7n });
    } finally {
      await store.close();
    }
    // The command's tail (four rows) and the data (three rows) repeated: each stored once, from its third row on.
    expect(texts(filename)).toEqual([',{"type":"MoveShip"},"ZXp3ViZnCUqM8PJSOjRh1g"]', moved]);
    const db = new Database(filename, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT count(*) FROM log WHERE data IS NULL').pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM log WHERE tail_ref IS NOT NULL').pluck().get()).toBe(2);
    // SQL tools read each event as JSON through the view.
    const viewed = db.prepare('SELECT stream_id, revision, event_id, type, data, metadata FROM events ORDER BY position LIMIT 6').raw().all();
    expect(viewed).toEqual(V2_ROWS.map(([streamId, revision, id, type, data, metadata]) => [streamId, revision, id, type, data, metadata]));
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'log_v2'").pluck().get()).toBe(0);
    db.close();
  });

  it('leaves the file untouched when the migration fails midway (one transaction)', () => {
    const filename = join(dir, 'v2.db');
    writeV2File(filename, [...V2_ROWS, ['game-c', 0, 'e-9', 'Broken', '{}', 'not json', 1]]);
    const bytes = readFileSync(filename);
    expect(() => new SqliteEventStore({ filename })).toThrow(/SQLite store .*v2\.db/);
    const db = new Database(filename, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare('SELECT count(*) FROM log').pluck().get()).toBe(V2_ROWS.length + 1);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('texts', 'log_v2')").pluck().get()).toBe(0);
    db.close();
    // Nothing was committed: the database file itself is byte for byte what it was.
    expect(readFileSync(filename).equals(bytes)).toBe(true);
  });
});

describe('SQLite v3 texts stored once', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-texts-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('interns a text the third time it is appended, keeps unique ones inline, and reads every event back as appended', async () => {
    const filename = join(dir, 'texts.db');
    const store = new SqliteEventStore({ filename });
    const appended = Array.from({ length: 6 }, (_, i) => ({
      id: `e-${i}`,
      type: 'ShipTurned',
      data: i % 2 ? { data: { shipId: 'gull', from: 1, to: 2 } } : { data: { unique: i, text: 'é"\\' } },
      metadata: {
        commandId: `c-${i}`,
        seat: 1,
        recordedAt: '2026-01-01T00:00:00.000Z',
        command: { type: 'TurnShip', direction: 'cw' },
        commandFingerprint: 'f'.repeat(22),
      },
    }));
    try {
      await store.append('game-1', appended.slice(0, 3), 'no_stream');
      await store.append('game-2', appended.slice(3), 'no_stream');
      const read = await store.readAll();
      expect(read.map(({ id, data, metadata }) => ({ id, data, metadata }))).toStrictEqual(appended.map(({ id, data, metadata }) => ({ id, data, metadata })));
    } finally {
      await store.close();
    }
    expect(texts(filename)).toEqual([',{"type":"TurnShip","direction":"cw"},"ffffffffffffffffffffff"]', '{"data":{"shipId":"gull","from":1,"to":2}}']);
    // Reopened: the file's texts are known again, and not stored twice.
    const reopened = new SqliteEventStore({ filename });
    await reopened.append('game-3', [{ ...appended[1], id: 'e-again' }], 'no_stream');
    await reopened.close();
    expect(texts(filename)).toHaveLength(2);
  });

  it('forgets the texts interned by a transaction that rolled back', async () => {
    /** Interns a text (its third time), then fails: the whole group is redone without it. */
    class TearingStorage extends SqliteStorage {
      override insert(streamId: string, firstRevision: number, batch: readonly SerializedEvent[]): bigint[] {
        const positions = super.insert(streamId, firstRevision, batch);
        if (streamId === 'game-doomed') throw new Error('disk hiccup');
        return positions;
      }
    }
    const store = new LocalEventStore('sqlite', new TearingStorage(':memory:'));
    const event = (id: string) => ({ id, type: 'T', data: { data: { the: 'same text' } } });
    try {
      const outcomes = await Promise.allSettled([store.append('game-doomed', [event('a'), event('b'), event('c')], 'no_stream')]);
      expect(outcomes[0].status).toBe('rejected');
      // Had its key been kept, this event would refer to a text the file does not hold.
      await store.append('game-1', [event('d')], 'no_stream');
      const read = await store.readStream('game-1');
      expect(read.status === 'ok' && read.events.map((e) => e.data)).toEqual([{ data: { the: 'same text' } }]);
    } finally {
      await store.close();
    }
  });

  it('reads the data of the types a reader names at once and the others when first asked for (AllFilter.dataOf), the same events either way', async () => {
    const store = new SqliteEventStore({ filename: join(dir, 'data-of.db') });
    try {
      // Longer than a text the store interns: short data comes inline whatever its type (below).
      const appended = Array.from({ length: 9 }, (_, i) => ({ id: `e-${i}`, type: ['A', 'B', 'C'][i % 3], data: { i, same: 'x'.repeat(MAX_INTERNED_CHARS) } }));
      await store.append('game-1', appended, 'no_stream');
      const whole = await store.readAll();
      const some = await store.readAll({ filter: { dataOf: ['A', 'Unknown'] } });
      // Types B and C came without their data: it is read on demand, through an accessor.
      expect(some.map((e) => typeof Object.getOwnPropertyDescriptor(e, 'data')?.get)).toEqual(appended.map((e) => (e.type === 'A' ? 'undefined' : 'function')));
      expect(some).toStrictEqual(whole);
      // Still read on demand after the page was read, and through a stream-prefix filter.
      const filtered = await store.readAll({ filter: { streamPrefixes: ['game-'], dataOf: [] } });
      expect(filtered.map((e) => e.data)).toEqual(appended.map((e) => e.data));
      const lazy = filtered[1];
      lazy.data = { replaced: true };
      expect(lazy.data).toEqual({ replaced: true });
      // A spread copies the data like any other field.
      expect({ ...filtered[4] }).toStrictEqual({ ...whole[4] });
    } finally {
      await store.close();
    }
  });

  it('hands short data inline even of a type the reader does not name: parsing it costs less than an accessor', async () => {
    const store = new SqliteEventStore({ filename: join(dir, 'data-of-short.db') });
    try {
      const appended = Array.from({ length: 6 }, (_, i) => ({
        id: `s-${i}`,
        type: 'B',
        data: i < 3 ? { i, same: 'x'.repeat(20) } : { i, long: 'y'.repeat(2 * MAX_INTERNED_CHARS) },
      }));
      await store.append('game-1', appended, 'no_stream');
      const read = await store.readAll({ filter: { dataOf: [] } });
      expect(read.map((e) => typeof Object.getOwnPropertyDescriptor(e, 'data')?.get)).toEqual([
        'undefined',
        'undefined',
        'undefined',
        'function',
        'function',
        'function',
      ]);
      expect(read).toStrictEqual(await store.readAll());
    } finally {
      await store.close();
    }
  });

  it('hands a reader that changes nothing (readOnly) each interned text as one frozen value its events share, the same events as a whole read', async () => {
    const filename = join(dir, 'read-only.db');
    const store = new SqliteEventStore({ filename, readThread: true });
    try {
      const command = { type: 'TurnShip', direction: 'cw' };
      const appended = Array.from({ length: 700 }, (_, i) => ({
        id: `r-${i}`,
        type: ['A', 'B', 'C'][i % 3] as string,
        // Repeated data (interned), unique short data, and long data of a type not read.
        data: i % 3 === 0 ? { shipId: 'gull', to: 2 } : i % 3 === 1 ? { i } : { i, long: 'z'.repeat(2 * MAX_INTERNED_CHARS) },
        metadata: {
          commandId: `c-${i}`,
          seat: 1,
          recordedAt: '2026-01-01T00:00:00.000Z',
          command,
          commandFingerprint: 'f'.repeat(22),
          extra: i % 2 === 0 ? 'even' : undefined,
        },
      }));
      for (let at = 0; at < appended.length; at += 70) await store.append(`game-${at}`, appended.slice(at, at + 70), 'no_stream');
      expect(texts(filename).length).toBeGreaterThanOrEqual(2);
      const whole = await store.readAll();
      // 700 events: the reader thread builds the pages; and small reads on the store's own connection.
      for (const options of [{}, { maxCount: 50 }]) {
        const shared = await store.readAll({ ...options, filter: { streamPrefixes: ['game-'], dataOf: ['A', 'B'], readOnly: true } });
        expect(shared.map(({ id, data, metadata }) => ({ id, data, metadata }))).toStrictEqual(
          whole.slice(0, shared.length).map(({ id, data, metadata }) => ({ id, data, metadata })),
        );
        // A text is interned the third time it comes: the events after that share its value.
        const interned = shared.filter((e) => e.type === 'A');
        expect(Object.isFrozen(interned.at(-1)!.data)).toBe(true);
        expect(interned.at(-2)!.data).toBe(interned.at(-1)!.data);
        expect(shared.at(-3)!.metadata.command).toBe(shared.at(-1)!.metadata.command);
        expect(Object.isFrozen(shared.at(-1)!.metadata.command)).toBe(true);
        // The long data of a type the reader does not read still comes on demand.
        expect(typeof Object.getOwnPropertyDescriptor(shared.at(-2)!, 'data')?.get).toBe(shared.at(-2)!.type === 'C' ? 'function' : 'undefined');
        expect(typeof Object.getOwnPropertyDescriptor(shared[2]!, 'data')?.get).toBe('function');
      }
      // A reader that may change its events still gets its own copies.
      const own = await store.readAll({ filter: { dataOf: ['A'] } });
      expect(own.at(-1)!.data).not.toBe(own.at(-4)!.data);
      expect(Object.isFrozen(own.at(-1)!.data)).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('splits the metadata text where the values of each event end, whatever they hold', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ commandId: 'c-1', seat: 1, recordedAt: '2026-01-01T00:00:00.000Z', command: { type: 'X' } }, '[143,"c-1",1,1767225600000'],
      [{ commandId: 'c-"],{1', seat: { a: [1, ']'] }, recordedAt: 'never', other: 1 }, '[71,"c-\\"],{1",{"a":[1,"]"]},"never"'],
      [{ commandId: 'c-2' }, '[1,"c-2"'],
      [{}, '[0'],
      [{ command: { type: 'Y' } }, '[8'],
    ];
    for (const [metadata, head] of cases) {
      const text = encodeMetadata(metadata, 1);
      expect(text.slice(0, metadataSplit(text))).toBe(head);
    }
    expect(metadataSplit('{"not":"the codec"}') <= '{"not":"the codec"}'.length).toBe(true);
  });
});

// The whole contract again, on files that began as empty v2 files.
const contractDir = mkdtempSync(join(tmpdir(), 'logbook-contract-v2-'));
let files = 0;
afterAll(() => rmSync(contractDir, { recursive: true, force: true }));
describeEventStoreContract(
  'SQLite (a file migrated from v2)',
  ({ upcasters }) => {
    files += 1;
    const filename = join(contractDir, `events-${files}.db`);
    writeV2File(filename, []);
    return new SqliteEventStore({ filename, upcasters, pageSize: 7 });
  },
  { pushes: true },
);

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RecordedEvent } from '../event-store.port';
import { describeEventStoreContract } from '../testing/event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';
import { encodeEventId, encodeMetadataV2 } from './sqlite-row-codec';
import { DDL_V1, DDL_V2 } from './sqlite-schema';
import { SqliteStorage } from './sqlite-storage';

type Row = [streamId: string, revision: number, id: string, type: string, data: string, metadata: string, schemaVersion: number];

/** A file exactly as Logbook before schema v2 made it, with the rows given. */
function writeV1File(filename: string, rows: Row[]): void {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.exec(DDL_V1);
  db.pragma('user_version = 1');
  const insert = db.prepare('INSERT INTO events (stream_id, revision, event_id, type, data, metadata, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const head = db.prepare('INSERT INTO streams (stream_id, last_revision) VALUES (?, ?) ON CONFLICT (stream_id) DO UPDATE SET last_revision = excluded.last_revision');
  db.transaction(() => {
    for (const row of rows) {
      insert.run(...row);
      head.run(row[0], row[1]);
    }
  })();
  db.close();
}

/** A file exactly as Logbook v2 made it (schema v2), with the rows given (a v1 metadata text that is not JSON kept as is). */
function writeV2File(filename: string, rows: Row[]): void {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.exec(DDL_V2);
  db.pragma('user_version = 2');
  const key = (table: string, column: string, name: string) => {
    const existing = db.prepare(`SELECT rowid FROM ${table} WHERE ${column} = ?`).pluck().get(name) as number | undefined;
    return existing ?? Number(db.prepare(`INSERT INTO ${table} (${column}${table === 'streams' ? ', last_revision' : ''}) VALUES (?${table === 'streams' ? ', -1' : ''})`).run(name).lastInsertRowid);
  };
  const insert = db.prepare('INSERT INTO log (stream, revision, id, type, data, metadata, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const [streamId, revision, id, type, data, metadata, schemaVersion] of rows) {
      const stream = key('streams', 'stream_id', streamId);
      let stored = metadata;
      try {
        stored = encodeMetadataV2(JSON.parse(metadata) as Record<string, unknown>, schemaVersion);
      } catch {
        // kept as given: a broken row
      }
      insert.run(stream, revision, encodeEventId(id), key('event_types', 'type', type), data, stored, schemaVersion);
      db.prepare('UPDATE streams SET last_revision = ? WHERE stream_key = ?').run(revision, stream);
    }
  })();
  db.close();
}

/** What a v1 store read back for each row: the columns, JSON parsed. */
function readAsV1(filename: string): RecordedEvent[] {
  const db = new Database(filename, { readonly: true });
  const rows = db.prepare('SELECT position, stream_id, revision, event_id, type, data, metadata, schema_version FROM events ORDER BY position').raw().all() as [number, string, number, string, string, string, string, number][];
  db.close();
  return rows.map(([position, streamId, revision, id, type, data, metadata, schemaVersion]) => ({
    id, streamId, revision, position: BigInt(position), type, data: JSON.parse(data), metadata: JSON.parse(metadata) as RecordedEvent['metadata'], schemaVersion,
  }));
}

const V1_ROWS: Row[] = [
  ['game-a', 0, '3a5cab02-4bfe-5181-99bb-35224305368d', 'GameCreated', '{"data":{"scenario":"s"},"secret":{"stack":[3,1,2]}}',
    '{"commandId":"create-a","seat":null,"recordedAt":"2026-01-01T00:00:00.000Z","command":{"type":"CreateGame"},"commandFingerprint":"f","draws":[4,2],"commandSecret":{"scenario":{"stack":[3,1,2]}},"seatTokens":[{"seat":1,"sha256":"ab"}],"schemaVersion":1}', 1],
  ['game-a', 1, '5bcd315f-faea-5c07-b0d3-a7b0665ed30e', 'BlessingAdvanced', '{"data":{"deck":999}}', '{"commandId":"create-a","schemaVersion":1}', 1],
  // Old games: full metadata on every event, correlation and causation ids, no command.
  ['game-b', 0, 'e-1', 'ShipMoved', '{"data":{"to":{"q":1,"r":-2}}}',
    '{"commandId":"c-1","correlationId":"c-1","causationId":"c-1","seat":1,"recordedAt":"2025-06-01T10:00:00.5Z","commandFingerprint":"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef","schemaVersion":1}', 1],
  ['game-a', 2, 'E1C7A2F0-0000-4000-8000-000000000000', 'ShipTurned', '{"data":{}}', '{}', 2],
  ['analytics-x', 0, 'x-0', 'Anything', '[1,2,3]', '{"schemaVersion":7,"seat":3}', 7],
  ['analytics-x', 1, 'x-1', 'Anything', '{"__proto__":{"a":[0,{}]},"1":[[1],[]],"s":"\\u0000 ü"}', '{"commandId":"x","command":{"type":"T","n":-0.5,"e":1e21},"__proto__":{"k":[]}}', 1],
];

describe.each([
  ['v1', writeV1File],
  ['v2', writeV2File],
])('SQLite schema %s -> v3 migration on open', (from, writeFile) => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-migrate-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back from a migrated file exactly what v1 read, positions and revisions included, and appends after it', async () => {
    const filename = join(dir, 'v1.db');
    writeV1File(filename, V1_ROWS);
    const before = readAsV1(filename);
    if (from === 'v2') writeV2File((rmSync(filename), filename), V1_ROWS);
    const store = new SqliteEventStore({ filename });
    try {
      expect(await store.readAll()).toStrictEqual(before);
      const a = await store.readStream('game-a');
      expect(a.status === 'ok' && a.events).toStrictEqual(before.filter((e) => e.streamId === 'game-a'));
      const backwards = await store.readStream('game-a', { direction: 'backwards', maxCount: 2 });
      expect(backwards.status === 'ok' && backwards.events.map((e) => e.revision)).toEqual([2, 1]);
      expect(await store.readAll({ filter: { eventTypes: ['ShipMoved'] } })).toStrictEqual(before.filter((e) => e.type === 'ShipMoved'));
      expect(await store.readAll({ filter: { streamPrefixes: ['game-'] } })).toStrictEqual(before.filter((e) => e.streamId.startsWith('game-')));
      expect(await store.lastPosition()).toBe(6n);
      // A retry of an append made before the migration is still recognised by its ids.
      const retry = await store.append('game-b', [{ id: 'e-1', type: 'ShipMoved', data: {} }], 'no_stream');
      expect(retry).toMatchObject({ nextExpectedRevision: 0, position: 3n });
      const appended = await store.append('game-a', [{ id: 'e-new', type: 'ShipMoved', data: { n: 1 } }], 2);
      expect(appended).toMatchObject({ nextExpectedRevision: 3, position: 7n });
    } finally {
      await store.close();
    }
    const db = new Database(filename, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    // The view shows the rows with v1's columns to SQL tools; data and metadata in their stored form.
    expect(db.prepare('SELECT stream_id, revision, event_id, type, data, metadata FROM events WHERE position = 2').raw().get()).toEqual([
      'game-a', 1, '5bcd315f-faea-5c07-b0d3-a7b0665ed30e', 'BlessingAdvanced', '[7,[8,999]]', '[33,"create-a"]',
    ]);
    // Key lists numbered in order of first use, row by row: the first row's data, then its metadata.
    expect(db.prepare('SELECT keys FROM shapes ORDER BY shape_key LIMIT 8').pluck().all()).toEqual([
      '["data","secret"]', '["scenario"]', '["stack"]', '["type"]', '["draws","commandSecret","seatTokens"]', '["seat","sha256"]', '["data"]', '["deck"]',
    ]);
    // Each stream's time base: its first recorded time that reads back exactly as ms (game-b's does not).
    expect(db.prepare('SELECT stream_id, time_base FROM streams ORDER BY stream_key').raw().all()).toEqual([
      ['game-a', Date.parse('2026-01-01T00:00:00.000Z')], ['game-b', null], ['analytics-x', null],
    ]);
    expect(db.prepare('SELECT metadata FROM log WHERE position = 1').pluck().get()).toMatch(/^\[255,"create-a",null,0,/);
    db.close();
  });

  it('leaves the file untouched when the migration fails midway (one transaction)', () => {
    const filename = join(dir, 'old.db');
    // The broken row comes last: every row before it has been rewritten when the migration fails.
    writeFile(filename, [...V1_ROWS, ['game-c', 0, 'e-9', 'Broken', '{"data":{}}', 'not json', 1]]);
    const dump = () => {
      const db = new Database(filename, { readonly: true });
      const schema = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').raw().all();
      const rows = db.prepare(`SELECT * FROM ${from === 'v1' ? 'events' : 'log'} ORDER BY position`).raw().all();
      const version = db.pragma('user_version', { simple: true });
      db.close();
      return { schema, rows, version };
    };
    const before = dump();
    expect(() => new SqliteEventStore({ filename })).toThrow(/SQLite store .*old\.db/);
    expect(dump()).toEqual(before);
    expect(before.version).toBe(from === 'v1' ? 1 : 2);
  });
});

describe('SQLite v3 ids and names', () => {
  it('gives back any id, stream and type exactly as appended (quotes, backslashes, non-ASCII, hex that looks like a UUID)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'logbook-ids-'));
    const store = new SqliteEventStore({ filename: join(dir, 'ids.db') });
    try {
      const ids = ['a"b\\c', 'ünïcødé ⛵', '0123456789abcdef0123456789abcdef', '3a5cab02-4bfe-5181-99bb-35224305368d', '3A5CAB02-4BFE-5181-99BB-35224305368D', ''.padEnd(300, 'x')];
      const appended = ids.map((id, i) => ({ id, type: `T"${i}\\ü`, data: { i, s: 'é"\\' }, metadata: { note: 'ö', recordedAt: 'not a time' } }));
      await store.append('stream "ü"', appended, 'no_stream');
      const read = await store.readStream('stream "ü"');
      expect(read.status === 'ok' && read.events.map(({ id, type, data, metadata, streamId }) => ({ id, type, data, metadata, streamId }))).toStrictEqual(
        appended.map(({ id, type, data, metadata }) => ({ id, type, data, metadata, streamId: 'stream "ü"' })),
      );
      expect((await store.readAll()).map((e) => e.id)).toEqual(ids);
      // A retry is recognised by those ids.
      await expect(store.append('stream "ü"', appended, 'no_stream')).resolves.toMatchObject({ nextExpectedRevision: ids.length - 1 });
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite v3 key lists (shapes)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-shapes-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const dataOf = async (store: SqliteEventStore, streamId: string) => {
    const read = await store.readStream(streamId);
    return read.status === 'ok' ? read.events.map((e) => e.data) : [];
  };

  it('are shared by two connections to one file: each reads what the other wrote, and a key list is stored once', async () => {
    const filename = join(dir, 'shared.db');
    const here = new SqliteEventStore({ filename });
    const other = new SqliteEventStore({ filename });
    try {
      // The stream's time base is set by `here`'s first append, and found in the file by `other`.
      const at = (iso: string) => ({ recordedAt: iso });
      await here.append('s', [{ id: 'a', type: 'T', data: { a: { b: 1 } }, metadata: at('2026-11-30T19:09:03.203Z') }], 'no_stream');
      expect(await dataOf(other, 's')).toEqual([{ a: { b: 1 } }]);
      await other.append('s', [{ id: 'b', type: 'T', data: { c: [{ b: 2 }] }, metadata: { commandId: 'x', recordedAt: '2026-11-30T20:00:00.000Z', command: { a: 0 } } }], 0);
      await here.append('s', [{ id: 'c', type: 'T', data: { c: 3 }, metadata: at('2026-11-29T00:00:00.001Z') }], 1);
      expect(await dataOf(here, 's')).toEqual([{ a: { b: 1 } }, { c: [{ b: 2 }] }, { c: 3 }]);
      expect(await dataOf(other, 's')).toEqual([{ a: { b: 1 } }, { c: [{ b: 2 }] }, { c: 3 }]);
      for (const store of [here, other]) {
        const read = await store.readStream('s');
        expect(read.status === 'ok' && read.events.map((e) => e.metadata)).toEqual([
          at('2026-11-30T19:09:03.203Z'), { commandId: 'x', recordedAt: '2026-11-30T20:00:00.000Z', command: { a: 0 } }, at('2026-11-29T00:00:00.001Z'),
        ]);
      }
    } finally {
      await here.close();
      await other.close();
    }
    const db = new Database(filename, { readonly: true });
    expect(db.prepare('SELECT keys FROM shapes ORDER BY shape_key').pluck().all()).toEqual(['["a"]', '["b"]', '["c"]']);
    expect(db.prepare('SELECT time_base FROM streams').pluck().all()).toEqual([Date.parse('2026-11-30T19:09:03.203Z')]);
    expect(db.prepare('SELECT metadata FROM log ORDER BY position').pluck().all()).toEqual(['[132,0]', '[141,"x",3056797,[1,0]]', '[132,-155343202]']);
    db.close();
  });

  it('interned by an append that rolled back are forgotten, and interned again by the next', async () => {
    const filename = join(dir, 'rollback.db');
    const storage = new SqliteStorage(filename);
    const row = (id: string, data: unknown, recordedAt = '2026-11-30T19:09:03.203Z') => ({ id, type: 'T', data: JSON.stringify(data), metadata: JSON.stringify({ recordedAt }), schemaVersion: 1 });
    try {
      expect(() =>
        storage.transaction(() => {
          storage.insert('s', 0, [row('a', { gone: { deep: 1 } }, '2020-01-01T00:00:00.000Z')]);
          throw new Error('fails after the insert');
        }),
      ).toThrow('fails after the insert');
      storage.transaction(() => storage.insert('s', 0, [row('b', { kept: 1 }), row('c', { gone: { deep: 2 } })]));
      const read = storage.readStream({ streamId: 's', direction: 'forwards', maxCount: 10 });
      expect(read?.map((e) => e.data)).toEqual([{ kept: 1 }, { gone: { deep: 2 } }]);
    } finally {
      storage.close();
    }
    // Read by a connection of its own, which knows only what the file holds (the stream's time base too).
    const fresh = new SqliteStorage(filename);
    const read = fresh.readStream({ streamId: 's', direction: 'forwards', maxCount: 10 });
    expect(read?.map((e) => [e.data, e.metadata])).toEqual([
      [{ kept: 1 }, { recordedAt: '2026-11-30T19:09:03.203Z' }], [{ gone: { deep: 2 } }, { recordedAt: '2026-11-30T19:09:03.203Z' }],
    ]);
    fresh.close();
    const db = new Database(filename, { readonly: true });
    expect(db.prepare('SELECT keys FROM shapes ORDER BY shape_key').pluck().all()).toEqual(['["kept"]', '["gone"]', '["deep"]']);
    db.close();
  });
});

describe('SQLite v3 reads across pages (2,000 rows a page)', () => {
  it('reads forwards, backwards and $all over several pages exactly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'logbook-pages-'));
    const store = new SqliteEventStore({ filename: join(dir, 'pages.db') });
    try {
      const n = 4500;
      const events = (stream: string) => Array.from({ length: n }, (_, i) => ({ id: `${stream}-${i}`, type: i % 3 ? 'A' : 'B', data: { i } }));
      // Two streams interleaved in the log, 500 events an append.
      for (let i = 0; i < n; i += 500) {
        await store.append('s-1', events('s-1').slice(i, i + 500), i === 0 ? 'no_stream' : i - 1);
        await store.append('s-2', events('s-2').slice(i, i + 500), i === 0 ? 'no_stream' : i - 1);
      }
      const revisions = async (options: Parameters<SqliteEventStore['readStream']>[1]) => {
        const read = await store.readStream('s-1', options);
        return read.status === 'ok' ? read.events.map((e) => e.revision) : [];
      };
      const range = (from: number, count: number, step = 1) => Array.from({ length: count }, (_, i) => from + i * step);
      expect(await revisions({})).toEqual(range(0, n));
      expect(await revisions({ fromRevision: 1999, maxCount: 2500 })).toEqual(range(1999, 2500));
      expect(await revisions({ direction: 'backwards', fromRevision: 4000, maxCount: 2100 })).toEqual(range(4000, 2100, -1));
      expect(await revisions({ direction: 'backwards' })).toEqual(range(n - 1, n, -1));
      const all = await store.readAll({ fromPosition: 10n, maxCount: 5000 });
      expect(all.map((e) => e.position)).toEqual(range(11, 5000).map(BigInt));
      expect(all.every((e) => e.id === `${e.streamId}-${(e.data as { i: number }).i}`)).toBe(true);
      const filtered = await store.readAll({ filter: { streamPrefixes: ['s-2'], eventTypes: ['B'] } });
      expect(filtered.map((e) => (e.data as { i: number }).i)).toEqual(range(0, n / 3, 3));
      expect(await store.lastPosition({ streamPrefixes: ['s-1'] })).toBe(BigInt(2 * n - 500));
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The whole contract again, on files that began as empty v1 and v2 files.
const contractDir = mkdtempSync(join(tmpdir(), 'logbook-contract-v1-'));
let files = 0;
afterAll(() => rmSync(contractDir, { recursive: true, force: true }));
describeEventStoreContract('SQLite (a file migrated from v1)', ({ upcasters }) => {
  files += 1;
  const filename = join(contractDir, `events-${files}.db`);
  writeV1File(filename, []);
  return new SqliteEventStore({ filename, upcasters, pageSize: 7 });
});
describeEventStoreContract('SQLite (a file migrated from v2)', ({ upcasters }) => {
  files += 1;
  const filename = join(contractDir, `events-${files}.db`);
  writeV2File(filename, []);
  return new SqliteEventStore({ filename, upcasters, pageSize: 7 });
});

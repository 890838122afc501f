import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RecordedEvent } from '../event-store.port';
import { describeEventStoreContract } from '../testing/event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';
import { DDL_V1, SCHEMA_VERSION } from './sqlite-schema';

/** A file exactly as Logbook before schema v2 made it, with the rows given. */
function writeV1File(filename: string, rows: [string, number, string, string, string, string, number][]): void {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.exec(DDL_V1);
  db.pragma('user_version = 1');
  const insert = db.prepare('INSERT INTO events (stream_id, revision, event_id, type, data, metadata, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const head = db.prepare(
    'INSERT INTO streams (stream_id, last_revision) VALUES (?, ?) ON CONFLICT (stream_id) DO UPDATE SET last_revision = excluded.last_revision',
  );
  db.transaction(() => {
    for (const row of rows) {
      insert.run(...row);
      head.run(row[0], row[1]);
    }
  })();
  db.close();
}

/** What a v1 store read back for each row: the columns, JSON parsed. */
function readAsV1(filename: string): RecordedEvent[] {
  const db = new Database(filename, { readonly: true });
  const rows = db.prepare('SELECT position, stream_id, revision, event_id, type, data, metadata, schema_version FROM events ORDER BY position').raw().all() as [
    number,
    string,
    number,
    string,
    string,
    string,
    string,
    number,
  ][];
  db.close();
  return rows.map(([position, streamId, revision, id, type, data, metadata, schemaVersion]) => ({
    id,
    streamId,
    revision,
    position: BigInt(position),
    type,
    data: JSON.parse(data),
    metadata: JSON.parse(metadata) as RecordedEvent['metadata'],
    schemaVersion,
  }));
}

const V1_ROWS: [string, number, string, string, string, string, number][] = [
  [
    'game-a',
    0,
    '3a5cab02-4bfe-5181-99bb-35224305368d',
    'GameCreated',
    '{"data":{"scenario":"s"},"secret":{"stack":[3,1,2]}}',
    '{"commandId":"create-a","seat":null,"recordedAt":"2026-01-01T00:00:00.000Z","command":{"type":"CreateGame"},"commandFingerprint":"f","draws":[4,2],"commandSecret":{"scenario":{"stack":[3,1,2]}},"seatTokens":[{"seat":1,"sha256":"ab"}],"schemaVersion":1}',
    1,
  ],
  ['game-a', 1, '5bcd315f-faea-5c07-b0d3-a7b0665ed30e', 'BlessingAdvanced', '{"data":{"deck":999}}', '{"commandId":"create-a","schemaVersion":1}', 1],
  // Old games: full metadata on every event, correlation and causation ids, no command.
  [
    'game-b',
    0,
    'e-1',
    'ShipMoved',
    '{"data":{"to":{"q":1,"r":-2}}}',
    '{"commandId":"c-1","correlationId":"c-1","causationId":"c-1","seat":1,"recordedAt":"2025-06-01T10:00:00.5Z","commandFingerprint":"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef","schemaVersion":1}',
    1,
  ],
  ['game-a', 2, 'E1C7A2F0-0000-4000-8000-000000000000', 'ShipTurned', '{"data":{}}', '{}', 2],
  ['analytics-x', 0, 'x-0', 'Anything', '[1,2,3]', '{"schemaVersion":7,"seat":3}', 7],
];

describe('SQLite schema v1 -> v2 migration on open', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-migrate-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back from a migrated file exactly what v1 read, positions and revisions included, and appends after it', async () => {
    const filename = join(dir, 'v1.db');
    writeV1File(filename, V1_ROWS);
    const before = readAsV1(filename);
    const store = new SqliteEventStore({ filename });
    try {
      expect(await store.readAll()).toStrictEqual(before);
      const a = await store.readStream('game-a');
      expect(a.status === 'ok' && a.events).toStrictEqual(before.filter((e) => e.streamId === 'game-a'));
      const backwards = await store.readStream('game-a', { direction: 'backwards', maxCount: 2 });
      expect(backwards.status === 'ok' && backwards.events.map((e) => e.revision)).toEqual([2, 1]);
      expect(await store.readAll({ filter: { eventTypes: ['ShipMoved'] } })).toStrictEqual(before.filter((e) => e.type === 'ShipMoved'));
      expect(await store.readAll({ filter: { streamPrefixes: ['game-'] } })).toStrictEqual(before.filter((e) => e.streamId.startsWith('game-')));
      expect(await store.lastPosition()).toBe(5n);
      // A retry of an append made before the migration is still recognised by its ids.
      const retry = await store.append('game-b', [{ id: 'e-1', type: 'ShipMoved', data: {} }], 'no_stream');
      expect(retry).toMatchObject({ nextExpectedRevision: 0, position: 3n });
      const appended = await store.append('game-a', [{ id: 'e-new', type: 'ShipMoved', data: { n: 1 } }], 2);
      expect(appended).toMatchObject({ nextExpectedRevision: 3, position: 6n });
    } finally {
      await store.close();
    }
    const db = new Database(filename, { readonly: true });
    // Migrated on to the current format (v3: sqlite-format-v3.int-spec.ts) in the same transaction.
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    // The view shows the rows with v1's columns to SQL tools.
    expect(db.prepare('SELECT stream_id, revision, event_id, type FROM events WHERE position = 1').raw().get()).toEqual([
      'game-a',
      0,
      '3a5cab02-4bfe-5181-99bb-35224305368d',
      'GameCreated',
    ]);
    db.close();
  });

  it('leaves the file untouched when the migration fails midway (one transaction)', () => {
    const filename = join(dir, 'v1.db');
    writeV1File(filename, [...V1_ROWS, ['game-c', 0, 'e-9', 'Broken', '{}', 'not json', 1]]);
    expect(() => new SqliteEventStore({ filename })).toThrow(/SQLite store .*v1\.db/);
    const db = new Database(filename, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(V1_ROWS.length + 1);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('log', 'event_types', 'events_v1')").pluck().get()).toBe(0);
    db.close();
  });
});

describe('SQLite v2 ids and names', () => {
  it('gives back any id, stream and type exactly as appended (quotes, backslashes, non-ASCII, hex that looks like a UUID)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'logbook-ids-'));
    const store = new SqliteEventStore({ filename: join(dir, 'ids.db') });
    try {
      const ids = [
        'a"b\\c',
        'ünïcødé ⛵',
        '0123456789abcdef0123456789abcdef',
        '3a5cab02-4bfe-5181-99bb-35224305368d',
        '3A5CAB02-4BFE-5181-99BB-35224305368D',
        ''.padEnd(300, 'x'),
      ];
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

describe('SQLite v2 reads across pages (2,000 rows a page)', () => {
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

// The whole contract again, on files that began as empty v1 files.
const contractDir = mkdtempSync(join(tmpdir(), 'logbook-contract-v1-'));
let files = 0;
afterAll(() => rmSync(contractDir, { recursive: true, force: true }));
describeEventStoreContract(
  'SQLite (a file migrated from v1)',
  ({ upcasters }) => {
    files += 1;
    const filename = join(contractDir, `events-${files}.db`);
    writeV1File(filename, []);
    return new SqliteEventStore({ filename, upcasters, pageSize: 7 });
  },
  { pushes: true },
);

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, take, toArray } from 'rxjs';
import type { NewEvent } from '../event-store.port';
import { InMemoryEventStore } from '../memory/in-memory-event-store';
import { SqliteEventStore } from '../sqlite/sqlite-event-store';
import type { LocalEventStore } from './local-event-store';

const dir = mkdtempSync(join(tmpdir(), 'logbook-live-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

// Live events are built from the text the append produced, not read back: they must still be
// what the stored JSON gives, fresh objects the caller cannot reach.
describe.each([
  ['in-memory', () => new InMemoryEventStore()],
  ['SQLite :memory: (in-thread)', () => new SqliteEventStore({ filename: ':memory:' })],
  ['SQLite file', () => new SqliteEventStore({ filename: join(dir, `live-${++files}.db`) })],
])('%s store: live events', (_name, create: () => LocalEventStore) => {
  let store: LocalEventStore;
  beforeEach(() => (store = create()));
  afterEach(() => store.close());

  it('equal JSON.parse(JSON.stringify(x)) of what the caller gave, as a read gives them, sharing no object with the caller', async () => {
    const when = new Date(Date.UTC(2026, 10, 30, 21, 58, 7, 45));
    const data = { to: { q: 1, r: 2 }, at: when, gone: undefined, list: [1, { deep: true }] };
    const metadata = { commandId: 'c-1', seat: 0, recordedAt: when.toISOString(), command: { type: 'MoveShip', at: when }, extra: undefined };
    const event: NewEvent = { id: 'e-1', type: 'ShipMoved', data, metadata };
    const heard = firstValueFrom(store.subscribeToAll().pipe(take(1), toArray()));
    await store.append('game-1', [event], 'no_stream');
    const [live] = await heard;

    expect(live.data).toStrictEqual(JSON.parse(JSON.stringify(data)));
    expect(JSON.stringify(live.metadata)).toBe(JSON.stringify(metadata));
    expect(live.metadata).toStrictEqual(JSON.parse(JSON.stringify(metadata)));
    const read = await store.readStream('game-1');
    expect(read.status === 'ok' && read.events[0]).toEqual(live);

    (live.data as { to: { q: number } }).to.q = 99;
    (live.metadata.command as { type: string }).type = 'Changed';
    expect(data.to.q).toBe(1);
    expect(metadata.command.type).toBe('MoveShip');
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, take, toArray } from 'rxjs';
import type { EventStore, NewEvent, RecordedEvent } from '../event-store.port';
import { InMemoryEventStore } from '../memory/in-memory-event-store';
import { SqliteEventStore } from '../sqlite/sqlite-event-store';
import { describeEventStoreContract } from '../testing/event-store.contract';
import {
  CONTENT_METADATA_REFS,
  CONTENT_REFS,
  CONTENT_STREAM_PREFIX,
  contentStreamId,
  SharedContentMissingError,
  withSharedContent,
  type ContentPolicy,
} from './shared-content';

// Events of type 'Board' may share `data.static`, `data.deep.part` and `metadata.secret.scenario`; nothing else is touched.
const policy: ContentPolicy = {
  minBytes: 100,
  shareable: (event) => (event.type === 'Board' ? [['static'], ['deep', 'part']] : undefined),
  shareableMetadata: (event) => (event.type === 'Board' ? [['secret', 'scenario']] : undefined),
};
const big = (seed: string) => ({ seed, hexes: Array.from({ length: 50 }, (_, i) => ({ q: i, r: 0 - i || 0, terrain: 'sea' })) });
const board = (seed: string, extra: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type: 'Board',
  data: { static: big(seed), deep: { part: big(`${seed}-part`), kept: 1 }, own: randomUUID(), ...extra },
  metadata: { commandId: 'c-1', seat: null, secret: { scenario: big(`${seed}-secret`), kept: 2 } },
});
const plain = (): NewEvent => ({ id: randomUUID(), type: 'Moved', data: { to: 3 }, metadata: { commandId: 'c-2' } });

/** What a reader should get back: the event as appended. */
const asAppended = (recorded: RecordedEvent) => ({ type: recorded.type, data: recorded.data, metadata: recorded.metadata });
const asGiven = (event: NewEvent) => ({ type: event.type, data: event.data, metadata: event.metadata });

const dir = mkdtempSync(join(tmpdir(), 'logbook-shared-content-'));
let files = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stores: Array<[string, () => EventStore]> = [
  ['memory', () => new InMemoryEventStore()],
  ['SQLite file', () => new SqliteEventStore({ filename: join(dir, `events-${++files}.db`), pageSize: 7 })],
];

describe.each(stores)('large values stored once by content, on the %s store', (_name, open) => {
  let inner: EventStore;
  let store: EventStore;
  beforeEach(() => {
    inner = open();
    store = withSharedContent(inner, { policy, cacheBytes: 1024 * 1024 });
  });
  afterEach(() => store.close());

  const contentEvents = () => inner.readAll({ filter: { streamPrefixes: [CONTENT_STREAM_PREFIX] } });

  it('gives a reader that changes no event (filter readOnly) one frozen object per value, and every other reader its own', async () => {
    const events = [board('a'), board('a')];
    for (const [i, event] of events.entries()) await store.append(`game-${i}`, [event], 'no_stream');
    const games = { streamPrefixes: ['game-'] };
    const shared = (await store.readAll({ filter: { ...games, readOnly: true } })).map((e) => (e.data as { static: unknown }).static);
    expect(shared[0]).toBe(shared[1]);
    expect(Object.isFrozen(shared[0]) && Object.isFrozen((shared[0] as { hexes: unknown[] }).hexes[0])).toBe(true);
    expect(shared[0]).toEqual((events[0].data as { static: unknown }).static);
    const own = (await store.readAll({ filter: games })).map((e) => (e.data as { static: unknown }).static);
    expect(own[0]).not.toBe(own[1]);
    expect(Object.isFrozen(own[0])).toBe(false);
    expect(own[0]).toEqual(shared[0]);
  });

  it('stores a value repeated by many events once, and the events with references in its place', async () => {
    const events = [board('a'), board('a'), board('a')];
    for (const [i, event] of events.entries()) await store.append(`game-${i}`, [event], 'no_stream');
    expect(await contentEvents()).toHaveLength(3); // `static`, `deep.part` and the metadata's `secret.scenario`, once each
    const raw = await inner.readStream('game-0');
    const stored = raw.status === 'ok' ? raw.events[0] : undefined;
    expect(stored?.data).toMatchObject({ static: null, deep: { part: null, kept: 1 } });
    expect(stored?.metadata[CONTENT_REFS]).toEqual([
      [['static'], expect.stringMatching(/^[0-9a-f]{64}$/)],
      [['deep', 'part'], expect.stringMatching(/^[0-9a-f]{64}$/)],
    ]);
    expect(stored?.metadata.secret).toEqual({ scenario: null, kept: 2 });
    expect(stored?.metadata[CONTENT_METADATA_REFS]).toEqual([[['secret', 'scenario'], expect.stringMatching(/^[0-9a-f]{64}$/)]]);
  });

  it('keeps small values, other places and other events inline, and changes nothing the caller holds', async () => {
    const small: NewEvent = {
      ...board('b'),
      data: { static: { tiny: true }, deep: { part: 'short' } },
      metadata: { commandId: 'c-1', secret: { scenario: 'short' } },
    };
    const given = [small, plain()];
    const before = structuredClone(given);
    await store.append('game-x', given, 'no_stream');
    expect(given).toEqual(before);
    expect(await contentEvents()).toEqual([]);
    const raw = await inner.readStream('game-x');
    expect(raw.status === 'ok' && raw.events.map(asAppended)).toEqual(given.map(asGiven));
  });

  it('cuts a page asked for by bytes again by what the values put back weigh, and reading on gives every event', async () => {
    const events = [board('p1'), plain(), board('p2'), board('p3')];
    for (const [i, event] of events.entries()) await store.append(`game-p${i}`, [event], 'no_stream');
    const pages: RecordedEvent[][] = [];
    let from: bigint | undefined;
    for (;;) {
      const page = await store.readAll({ fromPosition: from, maxBytes: 100, filter: { streamPrefixes: ['game-'] } });
      if (page.length === 0) break;
      pages.push(page);
      from = page[page.length - 1].position;
    }
    // Each board's values are far past 100 characters: one board a page (a plain event may ride along).
    expect(pages.every((page) => page.filter((e) => e.type === 'Board').length === 1)).toBe(true);
    expect(pages.flat().map(asAppended)).toEqual(events.map(asGiven));
  });

  it('reads events recorded with their values inline (before sharing) unchanged', async () => {
    const old = [board('g'), plain()];
    await inner.append('game-old', old, 'no_stream');
    const read = await store.readStream('game-old');
    expect(read.status === 'ok' && read.events.map(asAppended)).toEqual(old.map(asGiven));
    expect((await store.readAll({ filter: { streamPrefixes: ['game-'] } })).map(asAppended)).toEqual(old.map(asGiven));
  });

  it('gives every event back whole on every read path: stream, $all, both subscriptions', async () => {
    const given = [board('c'), plain(), board('d', { note: 'x' })];
    await store.append('game-1', given.slice(0, 2), 'no_stream');
    await store.append('game-2', given.slice(2), 'no_stream');
    const expected = given.map(asGiven);
    const games = { streamPrefixes: ['game-'] };

    const stream = await store.readStream('game-1');
    expect(stream.status === 'ok' && stream.events.map(asAppended)).toEqual(expected.slice(0, 2));
    const backwards = await store.readStream('game-2', { direction: 'backwards', maxCount: 1 });
    expect(backwards.status === 'ok' && backwards.events.map(asAppended)).toEqual(expected.slice(2));
    expect((await store.readAll({ filter: games })).map(asAppended)).toEqual(expected);

    const observed = await firstValueFrom(store.subscribeToAll({ filter: games }).pipe(take(3), toArray()));
    expect(observed.map(asAppended)).toEqual(expected);

    const pulled: RecordedEvent[] = [];
    const abort = new AbortController();
    for await (const event of store.subscribeToAllIterable({ filter: games, signal: abort.signal })) {
      pulled.push(event);
      if (pulled.length === 2) await store.append('game-3', [board('c')], 'no_stream'); // a live one
      if (pulled.length === 4) break;
    }
    expect(pulled.map(asAppended).slice(0, 3)).toEqual(expected);
    expect(pulled[3].data).toMatchObject({ static: big('c'), deep: { part: big('c-part'), kept: 1 } });
    expect(pulled[3].metadata).toEqual({ commandId: 'c-1', seat: null, secret: { scenario: big('c-secret'), kept: 2 } });
  });

  it('hands each reader its own copy of a shared value', async () => {
    await store.append('game-1', [board('e')], 'no_stream');
    await store.append('game-2', [board('e')], 'no_stream');
    const [one, two] = await store.readAll({ filter: { streamPrefixes: ['game-'] } });
    (one.data as { static: { seed: string } }).static.seed = 'changed by a reader';
    expect((two.data as { static: { seed: string } }).static.seed).toBe('e');
    const again = await store.readStream('game-1');
    expect(again.status === 'ok' && (again.events[0].data as { static: { seed: string } }).static.seed).toBe('e');
  });

  it('another server on the same store reads values it never wrote, and stores none twice', async () => {
    await store.append('game-1', [board('f')], 'no_stream');
    const other = withSharedContent(inner, { policy, cacheBytes: 1 }); // a cache too small to keep anything
    const read = await other.readStream('game-1');
    expect(read.status === 'ok' && read.events[0].data).toMatchObject({ static: big('f'), deep: { part: big('f-part'), kept: 1 } });
    await other.append('game-2', [board('f')], 'no_stream');
    expect(await contentEvents()).toHaveLength(3);
  });

  it('fails loudly on a reference to a value the store does not hold, or holds altered', async () => {
    const missing = 'ab'.repeat(32);
    await inner.append('game-1', [{ ...plain(), metadata: { [CONTENT_REFS]: [[['static'], missing]] } }], 'no_stream');
    await expect(store.readStream('game-1')).rejects.toThrow(SharedContentMissingError);
    await expect(store.readAll({ filter: { streamPrefixes: ['game-'] } })).rejects.toThrow(/refers to stored content abab/);
    const iterate = async () => {
      for await (const event of store.subscribeToAllIterable({ filter: { streamPrefixes: ['game-'] } })) return event;
    };
    await expect(iterate()).rejects.toThrow(SharedContentMissingError);

    const altered = 'cd'.repeat(32);
    await inner.append(contentStreamId(altered), [{ id: randomUUID(), type: 'ContentStored', data: { not: 'what was hashed' } }], 'no_stream');
    await inner.append('game-2', [{ ...plain(), metadata: { [CONTENT_REFS]: [[['static'], altered]] } }], 'no_stream');
    await expect(store.readStream('game-2')).rejects.toThrow(SharedContentMissingError);
  });
});

// The decorator keeps every promise of the port for events it does not touch.
describeEventStoreContract(
  'in-memory, sharing content',
  ({ upcasters }) => withSharedContent(new InMemoryEventStore({ upcasters, pageSize: 7, liveCapacity: 5 }), { policy, cacheBytes: 1024 * 1024 }),
  { pushes: true },
);

import { DuplicateEventIdError, EventStoreClosedError, InvalidAppendError } from '../errors';
import { InMemoryEventStore } from '../memory/in-memory-event-store';
import { SqliteEventStore } from '../sqlite/sqlite-event-store';
import { anEvent, events, ids, readEvents } from '../testing/contract/contract-fixture';
import type { LocalEventStore } from './local-event-store';

// Local-store rules beyond the contract: how far idempotence reaches, and malformed appends
// refused before they are queued.
describe.each([
  ['in-memory', () => new InMemoryEventStore()],
  ['SQLite', () => new SqliteEventStore({ filename: ':memory:' })],
])('%s store', (_name, create: () => LocalEventStore) => {
  let store: LocalEventStore;
  beforeEach(() => (store = create()));
  afterEach(() => store.close());

  it('keys ids within a stream, as EventStoreDB does: the same id in another stream is another event', async () => {
    const event = anEvent();
    await store.append('game-1', [event], 'no_stream');
    await store.append('game-2', [event], 'no_stream');
    expect([ids(await readEvents(store, 'game-1')), ids(await readEvents(store, 'game-2'))]).toEqual([[event.id], [event.id]]);
  });

  it("an 'any' retry is recognised among the stream's last 1000 events", async () => {
    const order = events(2);
    const first = await store.append('game-1', order, 'any');
    for (let i = 0; i < 20; i++) await store.append('game-1', events(40), 'any');
    expect(await store.append('game-1', order, 'any')).toEqual(first);
    expect(await readEvents(store, 'game-1')).toHaveLength(802);
  });

  describe('refusing malformed appends before they are queued', () => {
    it('the same id twice in one append', async () => {
      const event = anEvent();
      await expect(store.append('game-1', [event, event], 'no_stream')).rejects.toBeInstanceOf(DuplicateEventIdError);
    });

    it('an append with no events', async () => {
      await expect(store.append('game-1', [], 'any')).rejects.toBeInstanceOf(InvalidAppendError);
    });

    it('a negative or fractional expected revision', async () => {
      await expect(store.append('game-1', events(1), -1)).rejects.toBeInstanceOf(InvalidAppendError);
      await expect(store.append('game-1', events(1), 1.5)).rejects.toBeInstanceOf(InvalidAppendError);
    });

    it('data that JSON cannot carry', async () => {
      await expect(store.append('game-1', [{ ...anEvent(), data: undefined }], 'any')).rejects.toBeInstanceOf(InvalidAppendError);
    });
  });

  describe('once closed', () => {
    it('rejects appends and reads, and completes live subscriptions', async () => {
      const completed = new Promise<void>((resolve) => store.subscribeToAll().subscribe({ complete: resolve }));
      await store.close();
      await completed;
      await expect(store.append('game-1', events(1), 'any')).rejects.toBeInstanceOf(EventStoreClosedError);
      await expect(store.readStream('game-1')).rejects.toBeInstanceOf(EventStoreClosedError);
    });
  });

  it('stores a copy: mutating an appended object afterwards changes nothing stored', async () => {
    const event = anEvent('ShipMoved', { to: 'B2' });
    const pending = store.append('game-1', [event], 'no_stream');
    (event.data as { to: string }).to = 'Z9';
    await pending;
    expect((await readEvents(store, 'game-1'))[0].data).toEqual({ to: 'B2' });
  });
});

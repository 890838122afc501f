import { DuplicateEventIdError, EventStoreClosedError, InvalidAppendError } from '../errors';
import { InMemoryEventStore } from '../memory/in-memory-event-store';
import { SqliteEventStore } from '../sqlite/sqlite-event-store';
import { anEvent, events, ids, readEvents } from '../testing/contract/contract-fixture';
import type { LocalEventStore } from './local-event-store';

// Local-store rules beyond the contract: ids are unique across the whole store (EventStoreDB
// only checks them within a stream), and malformed appends are refused before queueing.
describe.each([
  ['in-memory', () => new InMemoryEventStore()],
  ['SQLite', () => new SqliteEventStore({ filename: ':memory:' })],
])('%s store', (_name, create: () => LocalEventStore) => {
  let store: LocalEventStore;
  beforeEach(() => (store = create()));
  afterEach(() => store.close());

  describe('when an event id is already stored in another stream', () => {
    it('rejects that append, keeps none of its events, and commits the rest of its group', async () => {
      const reused = anEvent();
      await store.append('game-9', [reused], 'no_stream');
      const fresh = anEvent();
      const [others, clash] = await Promise.all([
        Promise.allSettled([store.append('game-1', events(2), 'no_stream'), store.append('game-2', events(2), 'no_stream')]),
        store.append('game-3', [fresh, reused], 'no_stream').catch((error: unknown) => error),
        store.append('game-4', events(1), 'no_stream'),
      ]);
      expect(clash).toBeInstanceOf(DuplicateEventIdError);
      expect(clash).toMatchObject({ eventId: reused.id, storedIn: 'game-9' });
      expect(others.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await store.readStream('game-3')).toEqual({ status: 'stream_not_found' });
      expect(await readEvents(store, 'game-4')).toHaveLength(1);
      expect(ids(await store.readAll())).not.toContain(fresh.id);
    });
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
      await expect(store.append('game-1', [{ ...anEvent(), data: undefined }], 'any')).rejects.toBeInstanceOf(
        InvalidAppendError,
      );
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

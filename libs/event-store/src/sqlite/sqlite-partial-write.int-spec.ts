import type { SerializedEvent } from '../core/serialized-event';
import { LocalEventStore } from '../core/local-event-store';
import { events, readEvents } from '../testing/contract/contract-fixture';
import { SqliteStorage } from './sqlite-storage';

/** Writes the first event of a 'game-doomed' append, then fails: a write torn halfway. */
class TearingStorage extends SqliteStorage {
  override insert(streamId: string, firstRevision: number, batch: readonly SerializedEvent[]): bigint[] {
    if (streamId !== 'game-doomed') return super.insert(streamId, firstRevision, batch);
    super.insert(streamId, firstRevision, batch.slice(0, 1));
    throw new Error('disk hiccup');
  }
}

describe('SQLite group commit when a write fails halfway', () => {
  let store: LocalEventStore;
  beforeEach(() => (store = new LocalEventStore('sqlite', new TearingStorage(':memory:'))));
  afterEach(() => store.close());

  it('redoes the group with a savepoint per append: the torn append leaves nothing, the others commit', async () => {
    const outcomes = await Promise.allSettled([
      store.append('game-1', events(2), 'no_stream'),
      store.append('game-doomed', events(2), 'no_stream'),
      store.append('game-2', events(2), 'no_stream'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('disk hiccup'));
    expect(await store.readStream('game-doomed')).toEqual({ status: 'stream_not_found' });
    expect(await readEvents(store, 'game-2')).toHaveLength(2);
    expect(store.commitStats.transactions).toBe(1);
  });
});

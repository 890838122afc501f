import { Observable, firstValueFrom, take, toArray } from 'rxjs';
import { EventStoreUnavailableError } from '../errors';
import type { EventStore, RecordedEvent, SubscribeOptions } from '../event-store.port';
import { resubscribing } from './resubscribing';

const event = (position: number): RecordedEvent => ({
  id: `e${position}`,
  streamId: 's',
  revision: position,
  position: BigInt(position),
  type: 'T',
  data: {},
  metadata: {},
  schemaVersion: 1,
});

/** A store whose subscription delivers from the checkpoint and drops after `dropAfter` events, `drops` times. */
function flakyStore(total: number, dropAfter: number, drops: number, error: Error = new EventStoreUnavailableError('test')) {
  const calls: (bigint | undefined)[] = [];
  let dropped = 0;
  const store = {
    subscribeToAll: (options: SubscribeOptions) =>
      new Observable<RecordedEvent>((subscriber) => {
        calls.push(options.fromPosition);
        const from = options.fromPosition === undefined ? 1 : Number(options.fromPosition) + 1;
        for (let p = from, sent = 0; p <= total; p++, sent++) {
          if (sent === dropAfter && dropped < drops) {
            dropped += 1;
            return subscriber.error(error);
          }
          subscriber.next(event(p));
        }
      }),
  } as unknown as EventStore;
  return { store, calls };
}

describe('resubscribing', () => {
  it('subscribes again from the last delivered event after an unavailable store: nothing lost, nothing twice', async () => {
    const { store, calls } = flakyStore(10, 3, 2);
    const received = await firstValueFrom(resubscribing(store, {}, { backoffMs: 1 }).pipe(take(10), toArray()));
    expect(received.map((e) => Number(e.position))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(calls).toEqual([undefined, 3n, 6n]);
  });

  it('starts from the given checkpoint', async () => {
    const { store, calls } = flakyStore(6, 2, 1);
    const received = await firstValueFrom(resubscribing(store, { fromPosition: 2n }, { backoffMs: 1 }).pipe(take(4), toArray()));
    expect(received.map((e) => Number(e.position))).toEqual([3, 4, 5, 6]);
    expect(calls).toEqual([2n, 4n]);
  });

  it('lets any other error through', async () => {
    const { store } = flakyStore(5, 1, 1, new Error('projection bug'));
    await expect(firstValueFrom(resubscribing(store, {}, { backoffMs: 1 }).pipe(take(5), toArray()))).rejects.toThrow('projection bug');
  });
});

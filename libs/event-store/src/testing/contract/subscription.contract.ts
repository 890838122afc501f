import { concatMap } from 'rxjs';
import type { RecordedEvent } from '../../event-store.port';
import { type ContractFixture, events, firstEvents, ids, sleep, waitFor } from './contract-fixture';

export function subscriptionContract(fixture: ContractFixture): void {
  describe('catch-up subscription to all', () => {
    const own = () => ({ streamPrefixes: [fixture.prefix()] });

    it('delivers the history after the checkpoint, then live events, in order', async () => {
      const stream = fixture.streamId();
      const history = events(3);
      await fixture.store().append(stream, history, 'no_stream');
      const [checkpoint] = await fixture.store().readAll({ filter: own(), maxCount: 1 });
      const received = firstEvents(fixture.store().subscribeToAll({ fromPosition: checkpoint.position, filter: own() }), 4);
      const live = events(2);
      await fixture.store().append(stream, live, 2);
      expect(ids(await received)).toEqual(ids([...history.slice(1), ...live]));
    });

    it('hands over from history to live with no gap and no duplicate while writers keep appending', async () => {
      const stream = fixture.streamId();
      const written = Array.from({ length: 50 }, () => events(2));
      for (const batch of written.slice(0, 10)) await fixture.store().append(stream, batch, 'any');
      const writer = (async () => {
        for (const batch of written.slice(10)) await fixture.store().append(stream, batch, 'any');
      })();
      const received: RecordedEvent[] = [];
      const subscription = fixture
        .store()
        .subscribeToAll({ filter: own() })
        .subscribe((event) => received.push(event));
      await writer;
      await waitFor(() => received.length >= 100);
      await sleep(50);
      subscription.unsubscribe();
      expect(ids(received)).toEqual(ids(written.flat()));
    });

    it('applies the filter to history and to live events alike', async () => {
      const [game, lobby] = [fixture.streamId('game-1'), fixture.streamId('lobby-1')];
      await fixture.store().append(game, events(1), 'no_stream');
      await fixture.store().append(lobby, events(1), 'no_stream');
      const received = firstEvents(fixture.store().subscribeToAll({ filter: { streamPrefixes: [game] } }), 2);
      await fixture.store().append(lobby, events(1), 0);
      await fixture.store().append(game, events(1), 0);
      expect((await received).map((event) => [event.streamId, event.revision])).toEqual([
        [game, 0],
        [game, 1],
      ]);
    });

    it('loses nothing when the consumer does slow async work with concatMap', async () => {
      const stream = fixture.streamId();
      const written = events(60);
      await fixture.store().append(stream, written.slice(0, 30), 'no_stream');
      const slow = fixture
        .store()
        .subscribeToAll({ filter: own() })
        .pipe(
          concatMap(async (event) => {
            await sleep(1);
            return event;
          }),
        );
      const received = firstEvents(slow, 60, 10_000);
      for (const event of written.slice(30)) await fixture.store().append(stream, [event], 'any');
      expect(ids(await received)).toEqual(ids(written));
    });

    it('as an async iterable, a slow for-await loop gets every event once, across history and live', async () => {
      const stream = fixture.streamId();
      const written = events(40);
      await fixture.store().append(stream, written.slice(0, 20), 'no_stream');
      const writer = (async () => {
        for (const event of written.slice(20)) await fixture.store().append(stream, [event], 'any');
      })();
      // Appended only once the consumer has caught up, so it arrives live: anything duplicated
      // or lost at the hand-over shows up before it.
      const [sentinel] = events(1, 'Sentinel');
      const received: RecordedEvent[] = [];
      for await (const event of fixture.store().subscribeToAllIterable({ filter: own() })) {
        received.push(event);
        await sleep(1);
        if (received.length === written.length) void writer.then(() => fixture.store().append(stream, [sentinel], 'any'));
        if (event.id === sentinel.id) break;
      }
      expect(ids(received)).toEqual(ids([...written, sentinel]));
    });

    it('an aborted signal ends an iterable parked waiting for live events', async () => {
      const controller = new AbortController();
      const iterator = fixture.store().subscribeToAllIterable({ filter: own(), signal: controller.signal })[Symbol.asyncIterator]();
      const next = iterator.next();
      await sleep(20);
      controller.abort();
      expect(await next).toEqual({ done: true, value: undefined });
    });

    it('stops delivering once unsubscribed', async () => {
      const stream = fixture.streamId();
      const received: RecordedEvent[] = [];
      const subscription = fixture
        .store()
        .subscribeToAll({ filter: own() })
        .subscribe((event) => received.push(event));
      await fixture.store().append(stream, events(1), 'no_stream');
      await waitFor(() => received.length === 1);
      subscription.unsubscribe();
      await fixture.store().append(stream, events(1), 0);
      await sleep(50);
      expect(received).toHaveLength(1);
    });
  });
}

import type { BatchHandler, EventStore, RecordedEvent, SubscribeOptions } from '../../event-store.port';
import { type ContractFixture, events, ids, sleep, waitFor } from './contract-fixture';

/** A pushed subscription running in the background: what it was handed, and how it ended. */
function pushed(store: EventStore, options: SubscribeOptions, handler?: BatchHandler) {
  const batches: RecordedEvent[][] = [];
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const subscribe = store.subscribeToAllBatches;
  if (!subscribe) throw new Error(`${store.name} does not push batches`);
  const ended = subscribe.call(store, { ...options, signal }, (batch) => {
    batches.push([...batch]);
    return handler?.(batch);
  });
  // Observed at once, so a rejection the test awaits later is never reported as unhandled.
  const outcome = ended.then(
    () => 'ended' as const,
    (error: unknown) => error,
  );
  return { batches, received: () => batches.flat(), stop: () => controller.abort(), outcome };
}

/**
 * What `subscribeToAllBatches` promises, for the stores that push (in-process ones): the same
 * catch-up as the iterable, with live groups handed on synchronously inside their commit.
 */
export function batchSubscriptionContract(fixture: ContractFixture): void {
  describe('catch-up subscription to all, pushed in batches', () => {
    const own = () => ({ streamPrefixes: [fixture.prefix()] });

    it('hands on the history after the checkpoint, then live groups, in order', async () => {
      const stream = fixture.streamId();
      const history = events(3);
      await fixture.store().append(stream, history, 'no_stream');
      const [checkpoint] = await fixture.store().readAll({ filter: own(), maxCount: 1 });
      const subscription = pushed(fixture.store(), { fromPosition: checkpoint.position, filter: own() });
      await waitFor(() => subscription.received().length === 2);
      const live = events(2);
      await fixture.store().append(stream, live, 2);
      await waitFor(() => subscription.received().length === 4);
      subscription.stop();
      expect(await subscription.outcome).toBe('ended');
      expect(ids(subscription.received())).toEqual(ids([...history.slice(1), ...live]));
    });

    it('hands a live group to a synchronous handler before the append that wrote it is answered, whole', async () => {
      const stream = fixture.streamId();
      const subscription = pushed(fixture.store(), { filter: own() });
      await sleep(20);
      const group = events(3);
      await fixture.store().append(stream, group, 'no_stream');
      expect(subscription.batches.map(ids)).toEqual([ids(group)]);
      subscription.stop();
    });

    it('hands over from history to live with no gap and no duplicate while writers keep appending', async () => {
      const stream = fixture.streamId();
      const written = Array.from({ length: 50 }, () => events(2));
      for (const batch of written.slice(0, 10)) await fixture.store().append(stream, batch, 'any');
      const writer = (async () => {
        for (const batch of written.slice(10)) await fixture.store().append(stream, batch, 'any');
      })();
      const subscription = pushed(fixture.store(), { filter: own() });
      await writer;
      await waitFor(() => subscription.received().length >= 100);
      await sleep(50);
      subscription.stop();
      expect(ids(subscription.received())).toEqual(ids(written.flat()));
    });

    it('applies the filter to history and to live groups alike, and hands on no empty batch', async () => {
      const [game, lobby] = [fixture.streamId('game-1'), fixture.streamId('lobby-1')];
      await fixture.store().append(game, events(1), 'no_stream');
      await fixture.store().append(lobby, events(1), 'no_stream');
      const subscription = pushed(fixture.store(), { filter: { streamPrefixes: [game] } });
      await fixture.store().append(lobby, events(1), 0);
      await fixture.store().append(game, events(1), 0);
      await waitFor(() => subscription.received().length === 2);
      await sleep(20);
      subscription.stop();
      expect(subscription.received().map((event) => [event.streamId, event.revision])).toEqual([
        [game, 0],
        [game, 1],
      ]);
      expect(subscription.batches.every((batch) => batch.length > 0)).toBe(true);
    });

    it('holds the next batch back while a handler waits, and loses nothing when more commits meanwhile than it buffers', async () => {
      const stream = fixture.streamId();
      const written = events(60);
      await fixture.store().append(stream, written.slice(0, 10), 'no_stream');
      let inside = 0;
      let overlapped = false;
      const subscription = pushed(fixture.store(), { filter: own() }, async () => {
        inside += 1;
        overlapped ||= inside > 1;
        await sleep(2);
        inside -= 1;
      });
      // One append at a time, many of them while a handler waits (the in-memory run buffers 5).
      for (const event of written.slice(10)) await fixture.store().append(stream, [event], 'any');
      await waitFor(() => subscription.received().length >= 60, 10_000);
      await sleep(20);
      subscription.stop();
      expect(overlapped).toBe(false);
      expect(ids(subscription.received())).toEqual(ids(written));
    });

    it("ends with the handler's error, answers the append that was handed on, and hands on nothing after", async () => {
      const stream = fixture.streamId();
      const subscription = pushed(fixture.store(), { filter: own() }, (batch) => {
        if (batch.some((event) => event.type === 'Poison')) throw new Error('read model unavailable');
      });
      await sleep(20);
      await fixture.store().append(stream, events(1, 'Poison'), 'no_stream');
      expect(await subscription.outcome).toEqual(new Error('read model unavailable'));
      await fixture.store().append(stream, events(1), 0);
      await sleep(20);
      expect(subscription.received().map((event) => event.type)).toEqual(['Poison']);
    });

    it("ends with a waiting handler's rejection", async () => {
      const stream = fixture.streamId();
      await fixture.store().append(stream, events(2), 'no_stream');
      const subscription = pushed(fixture.store(), { filter: own() }, () => Promise.reject(new Error('slow and broken')));
      expect(await subscription.outcome).toEqual(new Error('slow and broken'));
    });

    it('resolves when its signal ends it, waiting for a handler under way, and hands on nothing after', async () => {
      const stream = fixture.streamId();
      let finished = false;
      const subscription = pushed(fixture.store(), { filter: own() }, async () => {
        await sleep(30);
        finished = true;
      });
      await sleep(20);
      await fixture.store().append(stream, events(1), 'no_stream');
      subscription.stop();
      expect(await subscription.outcome).toBe('ended');
      expect(finished).toBe(true);
      await fixture.store().append(stream, events(1), 0);
      await sleep(20);
      expect(subscription.received()).toHaveLength(1);
    });

    it('resolves when the store closes', async () => {
      const store = await fixture.storeWith({});
      const subscription = pushed(store, {});
      await sleep(20);
      await store.close();
      expect(await subscription.outcome).toBe('ended');
    });
  });
}

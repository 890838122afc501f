import type { EventStore, RecordedEvent } from '../../event-store.port';
import { type ContractFixture, anEvent, firstEvents, ids } from './contract-fixture';

/** Events of about 20 kB: more than one to a page where a store's pages are bounded by bytes. */
const bigEvent = (i: number) => anEvent('BigThingHappened', { i, text: 'x'.repeat(20_000 + i) });

/** Every event after `fromPosition`, read on page by page until a page comes back empty. */
async function readAllInPages(
  store: EventStore,
  options: { maxCount: number; maxBytes: number; filter: { streamPrefixes: string[] } },
): Promise<RecordedEvent[][]> {
  const pages: RecordedEvent[][] = [];
  let fromPosition: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ ...options, fromPosition });
    if (page.length === 0) return pages;
    pages.push(page);
    fromPosition = page[page.length - 1]?.position;
  }
}

export function largeEventsContract(fixture: ContractFixture): void {
  describe('large events, read in pages by bytes as well as by count', () => {
    const own = () => ({ streamPrefixes: [fixture.prefix()] });
    const written = Array.from({ length: 24 }, (_, i) => bigEvent(i));

    async function appendInterleaved(): Promise<[string, string]> {
      const [a, b] = [fixture.streamId('a'), fixture.streamId('b')];
      for (let i = 0; i < written.length; i += 2) {
        await fixture.store().append(a, [written[i]], 'any');
        await fixture.store().append(b, [written[i + 1]], 'any');
      }
      return [a, b];
    }

    it('reads every event once, in order and whole, from $all and from a stream both ways', async () => {
      const [a] = await appendInterleaved();
      const all = await fixture.store().readAll({ filter: own() });
      expect(ids(all)).toEqual(ids(written));
      expect(all.map((event) => event.data)).toEqual(written.map((event) => event.data));
      const forwards = await fixture.store().readStream(a);
      const backwards = await fixture.store().readStream(a, { direction: 'backwards' });
      const inA = written.filter((_, i) => i % 2 === 0);
      expect(forwards.status === 'ok' && ids(forwards.events)).toEqual(ids(inA));
      expect(backwards.status === 'ok' && ids(backwards.events)).toEqual(ids(inA).reverse());
      const fromMiddle = await fixture.store().readStream(a, { fromRevision: 3, maxCount: 5 });
      expect(fromMiddle.status === 'ok' && ids(fromMiddle.events)).toEqual(ids(inA.slice(3, 8)));
    });

    it('with maxBytes, pages of at least one event and at most maxCount add up to every event once', async () => {
      await appendInterleaved();
      const pages = await readAllInPages(fixture.store(), { maxCount: 10, maxBytes: 30_000, filter: own() });
      for (const page of pages) expect(page.length).toBeGreaterThanOrEqual(1);
      for (const page of pages) expect(page.length).toBeLessThanOrEqual(10);
      expect(ids(pages.flat())).toEqual(ids(written));
    });

    it('a catch-up subscription delivers every event once, in order', async () => {
      await appendInterleaved();
      const received = await firstEvents(fixture.store().subscribeToAll({ filter: own() }), written.length);
      expect(ids(received)).toEqual(ids(written));
    });
  });
}

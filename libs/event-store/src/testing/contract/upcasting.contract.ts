import { lastValueFrom, take, toArray } from 'rxjs';
import { UpcasterRegistry } from '../../upcasting/upcaster-registry';
import { type ContractFixture, anEvent } from './contract-fixture';

/** ShipMoved v1 had `to: "B2"`; v2 split it into column/row; v3 added `cost`, 1 by default. */
function shipMovedUpcasters(): UpcasterRegistry {
  return new UpcasterRegistry()
    .register('ShipMoved', 1, (data: { to: string }) => ({ column: data.to[0], row: Number(data.to.slice(1)) }))
    .register('ShipMoved', 2, (data: object) => ({ ...data, cost: 1 }));
}

export function upcastingContract(fixture: ContractFixture): void {
  describe('upcasting old event versions on read', () => {
    const current = { column: 'B', row: 2, cost: 1 };

    async function storeWithHistory() {
      const store = await fixture.storeWith({ upcasters: shipMovedUpcasters() });
      const stream = fixture.streamId();
      await store.append(
        stream,
        [
          anEvent('ShipMoved', { to: 'B2' }, 1),
          anEvent('ShipMoved', { column: 'B', row: 2 }, 2),
          anEvent('ShipMoved', current, 3),
          anEvent('DiceRolled', { to: 'B2' }, 1),
        ],
        'no_stream',
      );
      return { store, stream };
    }

    it('readStream lifts every old version to the current shape and version', async () => {
      const { store, stream } = await storeWithHistory();
      const result = await store.readStream(stream);
      const shipMoves = result.status === 'ok' ? result.events.slice(0, 3) : [];
      expect(shipMoves.map((event) => [event.data, event.schemaVersion])).toEqual([
        [current, 3],
        [current, 3],
        [current, 3],
      ]);
    });

    it('leaves event types without upcasters untouched', async () => {
      const { store, stream } = await storeWithHistory();
      const result = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
      expect(result.status === 'ok' && [result.events[0].data, result.events[0].schemaVersion]).toEqual([{ to: 'B2' }, 1]);
    });

    it('readAll and subscriptions see the same current shape', async () => {
      const { store } = await storeWithHistory();
      const filter = { streamPrefixes: [fixture.prefix()], eventTypes: ['ShipMoved'] };
      const all = await store.readAll({ filter });
      const subscribed = await lastValueFrom(store.subscribeToAll({ filter }).pipe(take(3), toArray()));
      expect(all.map((event) => event.data)).toEqual([current, current, current]);
      expect(subscribed.map((event) => event.data)).toEqual([current, current, current]);
    });
  });
}

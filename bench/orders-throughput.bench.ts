import { randomUUID } from 'node:crypto';
import { type EventStore, type NewEvent } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';

export interface OrdersResult {
  orders: number;
  failures: number;
  seconds: number;
  ordersPerSecond: number;
}

/** One order as the server writes it: the command's decision, two events, one append. */
export function orderEvents(game: string, turn: number, seat: number): NewEvent[] {
  const commandId = randomUUID();
  const metadata = { commandId, correlationId: commandId, seat, recordedAt: new Date().toISOString() };
  return [
    {
      id: randomUUID(),
      type: 'OrderGiven',
      data: {
        seat,
        order: 'sail',
        ship: 'resolute',
        path: [
          [turn % 9, 3],
          [turn % 9, 4],
        ],
      },
      metadata,
    },
    { id: randomUUID(), type: 'ShipMoved', data: { ship: 'resolute', from: { q: turn % 9, r: 3 }, to: { q: turn % 9, r: 4 }, cost: 1 }, metadata },
  ];
}

/**
 * `games` games play at once, each with exactly one order in flight (the next order waits for
 * the previous acknowledgement, as a player waits for the server), so `games` orders are in
 * flight at any moment. Every append carries the exact expected revision; a failure counts.
 */
export async function measureOrders(
  store: EventStore,
  { games, ordersPerGame, gamePrefix }: { games: number; ordersPerGame: number; gamePrefix: string },
): Promise<OrdersResult> {
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: games }, async (_, g) => {
      const streamId = gameStreamId(`${gamePrefix}${g}`);
      let expected: number | 'no_stream' = 'no_stream';
      for (let turn = 0; turn < ordersPerGame; turn++) {
        try {
          expected = (await store.append(streamId, orderEvents(streamId, turn, (turn % 4) + 1), expected)).nextExpectedRevision;
        } catch {
          failures += 1;
          return;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const orders = games * ordersPerGame - failures;
  return { orders, failures, seconds, ordersPerSecond: orders / seconds };
}

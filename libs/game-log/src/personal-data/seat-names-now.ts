// The names a game's seats hold now, as its log opens them: on the board, the first event's
// seats; as shown, those with each seat claimed into a profile since (SeatClaimed) in its place.
// What the read models are given after an erasure: the board's state keeps the board's names (as a
// rebuild folds them) and the analytics figures the shown ones, so a claimed seat reads "erased
// player" there as everywhere else.
import type { EventStore } from '@logbook/event-store';
import { foldSeatClaim, type SeatClaim } from '@logbook/rules';
import { gameStreamId } from '../game-stream';
import { toDomainEvent } from '../game-events';
import { seatNamesOf } from './game-personal-data';

/** Events read per page while looking for claims. */
const PAGE = 1000;

/** Seat → name, on the board and as shown. */
export interface SeatNames {
  board: ReadonlyMap<number, string>;
  shown: ReadonlyMap<number, string>;
}

/** Undefined when the game has no log. */
export async function seatNamesNow(store: EventStore, gameId: string): Promise<SeatNames | undefined> {
  const streamId = gameStreamId(gameId);
  const first = await store.readStream(streamId, { maxCount: 1 });
  const event = first.status === 'ok' ? first.events[0] : undefined;
  if (!event) return undefined;
  const board = seatNamesOf(event);
  const claims = new Map<number, SeatClaim>();
  for (let from = 1; ; from += PAGE) {
    const page = await store.readStream(streamId, { fromRevision: from, maxCount: PAGE });
    if (page.status !== 'ok') break;
    for (const recorded of page.events) if (recorded.type === 'SeatClaimed') foldSeatClaim(claims, toDomainEvent(recorded));
    if (page.events.length < PAGE) break;
  }
  const shown = new Map(board);
  for (const [seat, claim] of claims) shown.set(seat, claim.name);
  return { board, shown };
}

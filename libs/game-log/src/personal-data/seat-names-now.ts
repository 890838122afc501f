// The names a game's seats show now, as its log opens them: the first event's seats, then each
// seat claimed into a profile (SeatClaimed) since. What the read models are given after an
// erasure, so a claimed seat reads "erased player" there as everywhere else.
import type { EventStore } from '@logbook/event-store';
import { foldSeatClaim, type SeatClaim } from '@logbook/rules';
import { gameStreamId } from '../game-stream';
import { toDomainEvent } from '../game-events';
import { seatNamesOf } from './game-personal-data';

/** Events read per page while looking for claims. */
const PAGE = 1000;

/** By seat; undefined when the game has no log. */
export async function seatNamesNow(store: EventStore, gameId: string): Promise<Map<number, string> | undefined> {
  const streamId = gameStreamId(gameId);
  const first = await store.readStream(streamId, { maxCount: 1 });
  const event = first.status === 'ok' ? first.events[0] : undefined;
  if (!event) return undefined;
  const names = seatNamesOf(event);
  const claims = new Map<number, SeatClaim>();
  for (let from = 1; ; from += PAGE) {
    const page = await store.readStream(streamId, { fromRevision: from, maxCount: PAGE });
    if (page.status !== 'ok') break;
    for (const recorded of page.events) if (recorded.type === 'SeatClaimed') foldSeatClaim(claims, toDomainEvent(recorded));
    if (page.events.length < PAGE) break;
  }
  for (const [seat, claim] of claims) names.set(seat, claim.name);
  return names;
}

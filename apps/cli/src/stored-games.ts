// Which games the store holds, for the commands that go through every one of them.
import type { EventStore } from '@logbook/event-store';
import { GAME_STREAM_PREFIX, gameIdOf } from '@logbook/game-log';

/** Event types that start a game's stream. */
const GAME_STARTS = ['GameCreated', 'GameForked'];
const PAGE = 1000;
/** A game's first event holds its whole scenario (megabytes for a huge one): read a few at a time. */
const PAGE_BYTES = 32 * 1024 * 1024;

/** Every stored game's id, in the order the games began; only ids are kept, never the events. */
export async function storedGameIds(store: EventStore): Promise<string[]> {
  const ids = new Set<string>();
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({
      fromPosition: after,
      maxCount: PAGE,
      maxBytes: PAGE_BYTES,
      filter: { eventTypes: GAME_STARTS, streamPrefixes: [GAME_STREAM_PREFIX] },
    });
    if (page.length === 0) return [...ids];
    for (const event of page) ids.add(gameIdOf(event.streamId));
    after = page[page.length - 1]?.position;
  }
}

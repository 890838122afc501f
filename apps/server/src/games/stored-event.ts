// How a domain event is stored: `type` as the store's event type and `{ data, secret? }` as
// its payload, so the public part is readable by any store tool and the secret part stays
// separable. One codec, used by every read and write.
import { createHash } from 'node:crypto';
import type { GameEvent } from '@logbook/rules';
import type { EventMetadata, NewEvent, RecordedEvent } from '@logbook/event-store';

export const GAME_EVENT_SCHEMA_VERSION = 1;

type Payload = Omit<GameEvent, 'type'>;

export const toDomainEvent = (recorded: RecordedEvent): GameEvent =>
  ({ type: recorded.type, ...(recorded.data as Payload) }) as GameEvent;

/** A UUID derived from the game, command and index: a retried append carries the same ids. */
export const deterministicEventId = (gameId: string, commandId: string, index: number): string => {
  const hex = createHash('sha256').update(`${gameId}\u0000${commandId}\u0000${index}`).digest('hex');
  // Shape it as an RFC 4122 UUID (version 5 style, variant 10xx).
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export const toNewEvents = (
  gameId: string,
  commandId: string,
  events: GameEvent[],
  metadata: EventMetadata,
  firstEventMetadata: EventMetadata = {},
): NewEvent[] =>
  events.map(({ type, ...payload }, index) => ({
    id: deterministicEventId(gameId, commandId, index),
    type,
    data: payload,
    schemaVersion: GAME_EVENT_SCHEMA_VERSION,
    metadata: {
      ...metadata,
      ...(index === 0 ? firstEventMetadata : {}),
      schemaVersion: GAME_EVENT_SCHEMA_VERSION,
    },
  }));

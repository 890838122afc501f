// How a game's domain events sit in the store, both ways: the store's `type` is the event type
// and its payload is `{ data, secret? }`, so the public part is readable by any store tool and
// the secret part stays separable. The write side (apps/server) and every read model use this.
import { createHash } from 'node:crypto';
import { UpcasterRegistry, type AppendResult, type EventMetadata, type NewEvent, type RecordedEvent } from '@logbook/event-store';
import type { GameEvent } from '@logbook/rules';
import { gameStreamId } from './game-stream';

export const GAME_EVENT_SCHEMA_VERSION = 1;

/**
 * Where each change to a game event's shape registers the step that lifts the old shape, e.g.
 * `.register('ShipMoved', 1, (data) => ({ ...data, carried: [] }))`, and the writer bumps that
 * type's version. Stored events are never rewritten; every reader gets the current shape.
 * Empty while every game event is at version 1.
 */
export const gameEventUpcasters = (): UpcasterRegistry => new UpcasterRegistry();

export const toDomainEvent = (recorded: RecordedEvent): GameEvent =>
  ({ type: recorded.type, ...(recorded.data as Omit<GameEvent, 'type'>) }) as GameEvent;

/** A UUID derived from the game, command and index: a retried append carries the same ids. */
export const deterministicEventId = (gameId: string, commandId: string, index: number): string => {
  const hex = createHash('sha256').update(`${gameId}\u0000${commandId}\u0000${index}`).digest('hex');
  // Shaped as an RFC 4122 UUID (version 5 style, variant 10xx).
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** The events one command decided, ready to append; `firstEventMetadata` goes on the first only. */
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

/**
 * What an append recorded, without reading it back: the events as given, each at its own
 * revision and its own global position (from the store's `AppendResult.positions`).
 */
export const recordedGameEvents = (gameId: string, appended: readonly NewEvent[], result: AppendResult): RecordedEvent[] => {
  const firstRevision = result.nextExpectedRevision - appended.length + 1;
  return appended.map((event, i) => ({
    id: event.id,
    streamId: gameStreamId(gameId),
    revision: firstRevision + i,
    position: result.positions[i] ?? result.position,
    type: event.type,
    data: event.data,
    metadata: event.metadata ?? {},
    schemaVersion: event.schemaVersion ?? GAME_EVENT_SCHEMA_VERSION,
  }));
};

// How a game's domain events sit in the store, both ways: the store's `type` is the event type
// and its payload is `{ data, secret? }`, so the public part is readable by any store tool and
// the secret part stays separable. The write side (apps/server) and every read model use this.
import { UpcasterRegistry, type AppendResult, type EventMetadata, type NewEvent, type RecordedEvent } from '@logbook/event-store';
import type { GameEvent } from '@logbook/rules';
import { gameStreamId } from './game-stream';
import { sha256Hex } from './sha256';

export const GAME_EVENT_SCHEMA_VERSION = 1;

/**
 * Where each change to a game event's shape registers the step that lifts the old shape, e.g.
 * `.register('ShipMoved', 1, (data) => ({ ...data, carried: [] }))`, and the writer bumps that
 * type's version. Stored events are never rewritten; every reader gets the current shape.
 * Empty while every game event is at version 1.
 */
export const gameEventUpcasters = (): UpcasterRegistry => new UpcasterRegistry();

export const toDomainEvent = (recorded: RecordedEvent): GameEvent =>
  assignOwn({ type: recorded.type } as Record<string, unknown>, recorded.data as Record<string, unknown>) as unknown as GameEvent;

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * `Object.assign(target, source)` for plain JSON objects, field by field, leaving out `except`:
 * what `{ ...a, ...b }` gives, in the same key order, without V8's slow path for a spread that
 * follows other fields (about 10 µs for one event's metadata on Node 20, a tenth of an action's
 * CPU time).
 */
function assignOwn<T extends Record<string, unknown>>(target: T, source: Record<string, unknown> | null | undefined, except?: string): T {
  if (source === null || source === undefined) return target;
  for (const key in source) {
    if (key === except || !hasOwn.call(source, key)) continue;
    if (key === '__proto__') Object.defineProperty(target, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else (target as Record<string, unknown>)[key] = source[key];
  }
  return target;
}

/** The event without its `type`: what `const { type, ...payload } = event` gives, in the same order. */
const payloadOf = (event: GameEvent): Record<string, unknown> => assignOwn({}, event as unknown as Record<string, unknown>, 'type');

/** A UUID derived from the game, command and index: a retried append carries the same ids. */
export const deterministicEventId = (gameId: string, commandId: string, index: number): string => {
  const hex = sha256Hex(`${gameId}\u0000${commandId}\u0000${index}`);
  // Shaped as an RFC 4122 UUID (version 5 style, variant 10xx): the 13th hex digit becomes 5,
  // the 17th keeps its low two bits under 10.
  const variant = VARIANT_DIGIT[hex.charCodeAt(16)];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** By a lowercase hex digit's char code: the UUID variant digit, `(digit & 0x3) | 0x8` in hex. */
const VARIANT_DIGIT: string[] = [];
for (const digit of '0123456789abcdef') VARIANT_DIGIT[digit.charCodeAt(0)] = ((parseInt(digit, 16) & 0x3) | 0x8).toString(16);

/** The events one command decided, ready to append; `firstEventMetadata` goes on the first only. */
export const toNewEvents = (
  gameId: string,
  commandId: string,
  events: GameEvent[],
  metadata: EventMetadata,
  firstEventMetadata: EventMetadata = {},
): NewEvent[] => {
  const out: NewEvent[] = new Array<NewEvent>(events.length);
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    // `{ ...metadata, ...(first ? firstEventMetadata : {}), schemaVersion }`, built field by field.
    const eventMetadata: EventMetadata = assignOwn({}, metadata);
    if (index === 0) assignOwn(eventMetadata, firstEventMetadata);
    eventMetadata.schemaVersion = GAME_EVENT_SCHEMA_VERSION;
    out[index] = {
      id: deterministicEventId(gameId, commandId, index),
      type: event.type,
      data: payloadOf(event),
      schemaVersion: GAME_EVENT_SCHEMA_VERSION,
      metadata: eventMetadata,
    };
  }
  return out;
};

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

import { DEFAULT_SCHEMA_VERSION, type EventMetadata, type NewEvent, type RecordedEvent } from '../event-store.port';
import { DuplicateEventIdError, InvalidAppendError } from '../errors';

/** An event ready to be written: JSON already produced, so a bad payload fails only its caller. */
export interface SerializedEvent {
  id: string;
  type: string;
  data: string;
  /**
   * The metadata as JSON text; absent when the storage keeps a form of its own
   * (`storedMetadata`): nothing would read it, and stringifying it cost a few µs per event.
   */
  metadata?: string;
  schemaVersion: number;
  /** The metadata as the storage keeps it, when it has a form of its own (SQLite v2). */
  storedMetadata?: string;
}

/** An event as a local store keeps it (the SQLite row, the in-memory array entry). */
export interface StoredRow extends SerializedEvent {
  metadata: string;
  position: bigint;
  streamId: string;
  revision: number;
}

const EMPTY_METADATA = '{}';

/**
 * Refuses a malformed append before it reaches any store, with the same errors everywhere
 * (the EventStoreDB adapter validates with this too).
 */
export function validateNewEvents(streamId: string, events: readonly NewEvent[]): void {
  if (events.length === 0) throw new InvalidAppendError(`Append to ${streamId} has no events`);
  // Most appends are one event: no set to find a duplicate among one.
  const seen = events.length > 1 ? new Set<string>() : undefined;
  for (const event of events) {
    if (typeof event.id !== 'string' || event.id.length === 0) {
      throw new InvalidAppendError(`Every event appended to ${streamId} needs an id`);
    }
    if (seen) {
      if (seen.has(event.id)) throw new DuplicateEventIdError(event.id, streamId);
      seen.add(event.id);
    }
    const version = schemaVersionOf(event);
    if (!Number.isSafeInteger(version) || version < 1) {
      throw new InvalidAppendError(`Event ${event.id} has schemaVersion ${version}; versions start at 1`);
    }
    if (event.data === undefined) throw new InvalidAppendError(`Event ${event.id} has no JSON data`);
  }
}

export const schemaVersionOf = (event: NewEvent): number => event.schemaVersion ?? DEFAULT_SCHEMA_VERSION;

/**
 * Both local adapters keep JSON text, so the in-memory store behaves exactly like SQLite
 * (a Date comes back as a string, undefined fields vanish, callers cannot mutate stored events).
 */
export function serializeEvents(
  streamId: string,
  events: readonly NewEvent[],
  encodeMetadata?: (metadata: EventMetadata | undefined, schemaVersion: number) => string,
): SerializedEvent[] {
  validateNewEvents(streamId, events);
  let previous: { metadata: EventMetadata | undefined; schemaVersion: number; stored: string } | undefined;
  /** The events of one command mostly carry the same metadata: encoded once, one string (the same reference) for all. */
  const stored = (metadata: EventMetadata | undefined, schemaVersion: number, encode: NonNullable<typeof encodeMetadata>): string => {
    if (previous === undefined || previous.schemaVersion !== schemaVersion || !sameMetadata(previous.metadata, metadata)) {
      previous = { metadata, schemaVersion, stored: encode(metadata, schemaVersion) };
    }
    return previous.stored;
  };
  return events.map((event) => {
    const schemaVersion = schemaVersionOf(event);
    // One object shape either way (fields in the same order), so V8 keeps one hidden class.
    return encodeMetadata
      ? {
          id: event.id,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: undefined,
          schemaVersion,
          storedMetadata: stored(event.metadata, schemaVersion, encodeMetadata),
        }
      : {
          id: event.id,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: event.metadata ? JSON.stringify(event.metadata) : EMPTY_METADATA,
          schemaVersion,
          storedMetadata: undefined,
        };
  });
}

/**
 * The same metadata for an encoder: one object, or the same own keys in the same order with the
 * same values (===; the events of one command share the command's objects).
 */
export function sameMetadata(a: EventMetadata | undefined, b: EventMetadata | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (others[i] !== key || a[key] !== b[key]) return false;
  }
  return true;
}

/**
 * A stored row, built field by field (not `{ ...event, streamId, ... }`: in V8 a spread followed
 * by more fields gives every object a hidden class of its own, costing memory per row and slow
 * reads of every row).
 */
export const rowOf = (event: SerializedEvent, streamId: string, revision: number, position: bigint): StoredRow => ({
  id: event.id,
  type: event.type,
  data: event.data,
  metadata: event.metadata ?? EMPTY_METADATA,
  schemaVersion: event.schemaVersion,
  streamId,
  revision,
  position,
});

export function decodeRow(row: StoredRow): RecordedEvent {
  return {
    id: row.id,
    streamId: row.streamId,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    schemaVersion: row.schemaVersion,
  };
}

/**
 * What live subscribers receive for an event just committed, built from the text the append
 * produced (not read back): parsed afresh, so it equals `JSON.parse(JSON.stringify(x))` of what
 * the caller gave and shares no object with it. `decodeStoredMetadata` reads `storedMetadata`
 * when the storage keeps no JSON text of the metadata.
 */
export function committedEvent(
  event: SerializedEvent,
  streamId: string,
  revision: number,
  position: bigint,
  decodeStoredMetadata: ((stored: string, schemaVersion: number) => EventMetadata) | undefined,
): RecordedEvent {
  const metadata =
    event.metadata !== undefined || event.storedMetadata === undefined || !decodeStoredMetadata
      ? (JSON.parse(event.metadata ?? EMPTY_METADATA) as EventMetadata)
      : decodeStoredMetadata(event.storedMetadata, event.schemaVersion);
  return {
    id: event.id,
    streamId,
    revision,
    position,
    type: event.type,
    data: JSON.parse(event.data),
    metadata,
    schemaVersion: event.schemaVersion,
  };
}

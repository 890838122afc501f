import { DEFAULT_SCHEMA_VERSION, type EventMetadata, type NewEvent, type RecordedEvent } from '../event-store.port';
import { DuplicateEventIdError, InvalidAppendError } from '../errors';
import { deepFreeze } from './deep-freeze';

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
  /** The event as appended, for live subscribers (`committedEvent`); storages never keep it. */
  source?: NewEvent;
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
          source: event,
        }
      : {
          id: event.id,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: event.metadata ? JSON.stringify(event.metadata) : EMPTY_METADATA,
          schemaVersion,
          storedMetadata: undefined,
          source: event,
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
 * What live subscribers receive for an event just committed: equal to `JSON.parse(JSON.stringify(x))`
 * of what the caller gave, and changed by no one. Where the appended data and metadata are plain
 * JSON values already (no undefined, no class, no Date, no -0: `isJsonValue`), they are handed on
 * themselves, deeply frozen (parts frozen already, as the rules freeze every event they emit, are
 * taken as they are); otherwise they are parsed afresh from the text the append produced.
 * `decodeStoredMetadata` reads `storedMetadata` when the storage keeps no JSON text of the metadata.
 */
export function committedEvent(
  event: SerializedEvent,
  streamId: string,
  revision: number,
  position: bigint,
  decodeStoredMetadata: ((stored: string, schemaVersion: number) => EventMetadata) | undefined,
): RecordedEvent {
  const source = event.source;
  const given = source?.metadata ?? NO_METADATA;
  const shared = source !== undefined && isJsonValue(source.data) && isJsonValue(given);
  const metadata = shared
    ? deepFreeze(given)
    : event.metadata !== undefined || event.storedMetadata === undefined || !decodeStoredMetadata
      ? (JSON.parse(event.metadata ?? EMPTY_METADATA) as EventMetadata)
      : decodeStoredMetadata(event.storedMetadata, event.schemaVersion);
  return {
    id: event.id,
    streamId,
    revision,
    position,
    type: event.type,
    data: shared ? deepFreeze(source.data) : JSON.parse(event.data),
    metadata,
    schemaVersion: event.schemaVersion,
  };
}

const NO_METADATA: EventMetadata = Object.freeze({});
/** Deeper than any event of this game nests; past it, the text is parsed (as a cycle would be). */
const MAX_DEPTH = 64;

/**
 * True when `JSON.parse(JSON.stringify(value))` would give an equal value: strings, finite
 * numbers other than -0, booleans, null, arrays without holes or undefined, and objects of
 * Object's (or no) prototype whose own enumerable values are all such.
 */
export function isJsonValue(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (!(i in value) || value[i] === undefined || !isJsonValue(value[i], depth + 1)) return false;
        }
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      const record = value as Record<string, unknown>;
      for (const key in record) {
        if (!Object.prototype.hasOwnProperty.call(record, key) || key === '__proto__') return false;
        const item = record[key];
        if (item === undefined || !isJsonValue(item, depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

import { DEFAULT_SCHEMA_VERSION, type NewEvent, type RecordedEvent } from '../event-store.port';
import { DuplicateEventIdError, InvalidAppendError } from '../errors';

/** An event ready to be written: JSON already produced, so a bad payload fails only its caller. */
export interface SerializedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
  schemaVersion: number;
}

/** An event as a local store keeps it (the SQLite row, the in-memory array entry). */
export interface StoredRow extends SerializedEvent {
  position: bigint;
  streamId: string;
  revision: number;
}

const EMPTY_METADATA = '{}';

/**
 * Both local adapters keep JSON text, so the in-memory store behaves exactly like SQLite
 * (a Date comes back as a string, undefined fields vanish, callers cannot mutate stored events).
 */
export function serializeEvents(streamId: string, events: readonly NewEvent[]): SerializedEvent[] {
  if (events.length === 0) throw new InvalidAppendError(`Append to ${streamId} has no events`);
  const seen = new Set<string>();
  return events.map((event) => {
    if (typeof event.id !== 'string' || event.id.length === 0) {
      throw new InvalidAppendError(`Every event appended to ${streamId} needs an id`);
    }
    if (seen.has(event.id)) throw new DuplicateEventIdError(event.id, streamId);
    seen.add(event.id);
    const schemaVersion = event.schemaVersion ?? DEFAULT_SCHEMA_VERSION;
    if (!Number.isSafeInteger(schemaVersion) || schemaVersion < 1) {
      throw new InvalidAppendError(`Event ${event.id} has schemaVersion ${schemaVersion}; versions start at 1`);
    }
    const data = JSON.stringify(event.data);
    if (data === undefined) throw new InvalidAppendError(`Event ${event.id} has no JSON data`);
    return {
      id: event.id,
      type: event.type,
      data,
      metadata: event.metadata ? JSON.stringify(event.metadata) : EMPTY_METADATA,
      schemaVersion,
    };
  });
}

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

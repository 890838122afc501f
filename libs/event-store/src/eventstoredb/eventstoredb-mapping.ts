import {
  ANY,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type Filter,
  NO_STREAM,
  type Position,
  type ResolvedEvent,
  STREAM_EXISTS,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
} from '@eventstore/db-client';
import type { AllFilter, EventMetadata, ExpectedRevision, NewEvent, RecordedEvent } from '../event-store.port';
import { DEFAULT_SCHEMA_VERSION } from '../event-store.port';
import { EventStoreAccessDeniedError, EventStoreUnavailableError, StreamDeletedError, WrongExpectedRevisionError } from '../errors';
import { schemaVersionOf } from '../core/serialized-event';
import { toEventStoreDbId } from './eventstoredb-event-ids';

/**
 * Metadata keys the adapter adds; stripped again on read. EventStoreDB reserves the `$` prefix
 * for its own metadata, so they are plain keys named for Logbook; events written before the
 * rename carry `$schemaVersion` / `$logbookId`, which are still read.
 */
const SCHEMA_VERSION_KEY = 'logbookSchemaVersion';
const LOGBOOK_ID_KEY = 'logbookId';
const LEGACY_SCHEMA_VERSION_KEY = '$schemaVersion';
const LEGACY_LOGBOOK_ID_KEY = '$logbookId';
/** Servers answer 2^64-1 (or nothing) where they do not know an event's $all position. */
const UNKNOWN_COMMIT = 2n ** 64n - 1n;
export const UNKNOWN_POSITION = -1n;

export function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

export function toEventData(event: NewEvent): EventData {
  const id = toEventStoreDbId(event.id);
  const metadata: EventMetadata = { ...event.metadata, [SCHEMA_VERSION_KEY]: schemaVersionOf(event) };
  if (id !== event.id) metadata[LOGBOOK_ID_KEY] = event.id;
  // The client JSON-encodes `data`; its type admits objects, arrays and strings only, but
  // JSON.stringify carries any value the port accepts.
  return { id, contentType: 'application/json', type: event.type, data: event.data as never, metadata } as EventData;
}

export function fromResolvedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event) return undefined;
  const stored = isPlainObject(event.metadata) ? event.metadata : {};
  const {
    [SCHEMA_VERSION_KEY]: version,
    [LOGBOOK_ID_KEY]: id,
    [LEGACY_SCHEMA_VERSION_KEY]: legacyVersion,
    [LEGACY_LOGBOOK_ID_KEY]: legacyId,
    ...metadata
  } = stored;
  const schemaVersion = version ?? legacyVersion;
  const logbookId = id ?? legacyId;
  return {
    id: typeof logbookId === 'string' ? logbookId : event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: toLogbookPosition(event.position?.commit ?? resolved.commitPosition),
    type: event.type,
    data: event.data,
    metadata,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : DEFAULT_SCHEMA_VERSION,
  };
}

export function toLogbookPosition(commit: bigint | undefined): bigint {
  return commit === undefined || commit >= UNKNOWN_COMMIT ? UNKNOWN_POSITION : commit;
}

/** Logbook positions are commit positions; a commit position is also a valid prepare position to resume from. */
export function toPosition(position: bigint): Position {
  return { commit: position, prepare: position };
}

/**
 * The server filters on one thing only. Stream prefixes go to the server when given (a game's
 * projection narrows most by stream), otherwise exact event types as an anchored regex (the
 * server's type *prefix* filter would also keep `ShipMovedTwice` for `ShipMoved`); with neither,
 * system events are excluded. Whatever the server did not check, `matchesFilter` does.
 */
export function toServerFilter(filter: AllFilter | undefined, checkpointReached?: Filter['checkpointReached']): Filter {
  const options = checkpointReached ? { checkpointReached } : {};
  if (filter?.streamPrefixes?.length) return streamNameFilter({ prefixes: filter.streamPrefixes, ...options });
  if (filter?.eventTypes?.length) {
    return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$`, ...options });
  }
  return excludeSystemEvents(options);
}

interface WrongExpectedVersionLike {
  type?: unknown;
  streamName?: string;
  actualVersion?: bigint | string;
}

/** By the error's `type` tag rather than instanceof, so two copies of the client still agree. */
export function toWrongExpectedRevision(error: unknown, streamId: string, expected: ExpectedRevision): Error | undefined {
  const candidate = error as WrongExpectedVersionLike | undefined;
  if (candidate?.type !== 'wrong-expected-version') return undefined;
  const actual = typeof candidate.actualVersion === 'bigint' ? Number(candidate.actualVersion) : 'no_stream';
  return new WrongExpectedRevisionError(streamId, expected, actual);
}

/** Client error types meaning "no answer from a leader in time": the outcome is unknown. */
const UNAVAILABLE_TYPES = new Set(['unavailable', 'deadline-exceeded', 'timeout', 'not-leader', 'cancelled']);

/** gRPC status codes a raw call error can carry before the client wraps it: CANCELLED, DEADLINE_EXCEEDED, UNAVAILABLE. */
const UNAVAILABLE_GRPC_CODES = new Set([1, 4, 14]);

/** The port's unavailable error for a client error that says the server could not be reached. */
export function toUnavailable(error: unknown): Error | undefined {
  return isUnavailable(error) ? new EventStoreUnavailableError('eventstoredb', error) : undefined;
}

/** The client's or gRPC's word that the server could not be reached or the call was cut off. */
export function isUnavailable(error: unknown): boolean {
  const { type, code, metadata } = (error ?? {}) as { type?: unknown; code?: unknown; metadata?: unknown };
  const clientError = typeof type === 'string' && UNAVAILABLE_TYPES.has(type);
  const grpcError = type === undefined && metadata !== undefined && typeof code === 'number' && UNAVAILABLE_GRPC_CODES.has(code);
  return clientError || grpcError;
}

export const isStreamNotFound = (error: unknown): boolean => (error as { type?: unknown } | undefined)?.type === 'stream-not-found';

/** The server said another member leads: nothing was done, so the call can be sent again. */
export const isNotLeader = (error: unknown): boolean => (error as { type?: unknown } | undefined)?.type === 'not-leader';

/** EventStoreDB's own records (`$epoch`, `$streamDeleted`, statistics…): never Logbook events. */
export const isSystemEvent = (type: string): boolean => type.startsWith('$');

export const ACCESS_DENIED_FIX =
  'Reading $all (read models, the games list, health) needs a user in the $admins group on a secure cluster: ' +
  'put one in EVENTSTORE_CONNECTION_STRING, e.g. esdb://admin:changeit@host:2113?tls=true, or grant the user read access to $all.';

/**
 * The port's error for a client error, or undefined when the port has none: unavailable,
 * access denied (naming the fix), deleted stream.
 */
export function toStoreError(error: unknown, streamId?: string): Error | undefined {
  const { type, streamName } = (error ?? {}) as { type?: unknown; streamName?: unknown };
  if (type === 'access-denied') return new EventStoreAccessDeniedError('eventstoredb', ACCESS_DENIED_FIX, error);
  if (type === 'stream-deleted') return new StreamDeletedError(typeof streamName === 'string' && streamName ? streamName : (streamId ?? ''));
  return toUnavailable(error);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

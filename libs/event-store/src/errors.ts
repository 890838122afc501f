import type { ExpectedRevision } from './event-store.port';

/** The stream was not at the expected revision; nothing was written. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId} expected at ${String(expected)} but is at ${String(actual)}`);
  }
}

/** The same event id twice in one append: ids key idempotent retries, so this is a caller bug. */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(
    readonly eventId: string,
    readonly streamId: string,
  ) {
    super(`Event id ${eventId} appears twice in one append to ${streamId}`);
  }
}

/** The append itself is malformed (no events, bad expected revision); nothing was written. */
export class InvalidAppendError extends Error {
  override readonly name = 'InvalidAppendError';
}

/** The store was closed; pending subscriptions complete, further calls reject with this. */
export class EventStoreClosedError extends Error {
  override readonly name = 'EventStoreClosedError';
  constructor(storeName: string) {
    super(`Event store ${storeName} is closed`);
  }
}

/**
 * The store could not be reached or did not answer in time. For an append the outcome is
 * unknown: send the same events (same ids) again, which is safe because appends are idempotent.
 */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
  constructor(
    storeName: string,
    override readonly cause?: unknown,
  ) {
    super(`Event store ${storeName} is unavailable`);
  }
}

/** The stream was deleted for good (EventStoreDB tombstone): it can be neither read nor written. */
export class StreamDeletedError extends Error {
  override readonly name = 'StreamDeletedError';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} is deleted`);
  }
}

/** The store refused the call for lack of rights; the message names the fix. */
export class EventStoreAccessDeniedError extends Error {
  override readonly name = 'EventStoreAccessDeniedError';
  constructor(
    storeName: string,
    readonly fix: string,
    override readonly cause?: unknown,
  ) {
    super(`Event store ${storeName} denied access. ${fix}`);
  }
}

/**
 * The store could not be opened (unreachable at start-up, login refused, a schema it does not
 * know): it will not retry, and every call rejects with this. The message names the setting.
 */
export class EventStoreOpenError extends Error {
  override readonly name = 'EventStoreOpenError';
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

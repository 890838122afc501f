import type { ExpectedRevision } from '../event-store.port';
import { InvalidAppendError, WrongExpectedRevisionError } from '../errors';

/** Last revision of a stream, or undefined when the stream does not exist. */
export type StreamHead = number | undefined;

export function assertValidExpectedRevision(expected: ExpectedRevision): void {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    // -1 is how some stores spell "no stream"; Logbook spells it 'no_stream' so it cannot be a typo.
    throw new InvalidAppendError(`Expected revision must be a revision >= 0, got ${expected}`);
  }
}

export function satisfiesExpectedRevision(expected: ExpectedRevision, head: StreamHead): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return head === undefined;
    case 'stream_exists':
      return head !== undefined;
    default:
      return head === expected;
  }
}

export function wrongExpectedRevision(streamId: string, expected: ExpectedRevision, head: StreamHead): WrongExpectedRevisionError {
  return new WrongExpectedRevisionError(streamId, expected, head ?? 'no_stream');
}

/** Where a retried batch must start for `expected` to have been the right guess the first time. */
export function retryStartsAt(expected: ExpectedRevision, firstRevision: number): boolean {
  switch (expected) {
    case 'any':
    case 'stream_exists':
      return true;
    case 'no_stream':
      return firstRevision === 0;
    default:
      return firstRevision === expected + 1;
  }
}

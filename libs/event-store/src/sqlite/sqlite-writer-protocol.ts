// What the main thread and the SQLite writer thread (sqlite-writer.worker.ts) say to each other.
import Database from 'better-sqlite3';
import type { AppendRequest } from '../core/append-batcher';
import type { CommitOutcome } from '../core/local-commit';
import { DuplicateEventIdError, InvalidAppendError, StreamDeletedError, WrongExpectedRevisionError } from '../errors';

export interface WriterData {
  filename: string;
  /** Most appends in one transaction: groups waiting for the writer are joined up to this. */
  maxBatchSize: number;
  /** `SharedPositions`, which both threads read and the writer writes. */
  positions: SharedArrayBuffer;
}

/**
 * Slots of a BigInt64Array over `WriterData.positions`, written by the writer only:
 * - OWN: an upper bound of every position the writer has committed (raised before each COMMIT,
 *   lowered again if it rolls back), so a higher position in the file is someone else's;
 * - FOREIGN: the highest position the writer found written by another connection (checked under
 *   the write lock at the start of each transaction, where such rows lie between its commits).
 * `writesElsewhere()` on the main thread combines them with its own read of the file.
 */
export const OWN = 0;
export const FOREIGN = 1;
export const POSITION_SLOTS = 2;

/** `appends` as `encodeAppends` flattens them. */
export type ToWriter = { kind: 'commit'; appends: FlatAppends } | { kind: 'close' };

/**
 * Appends as one flat array of strings and numbers: structured clone copies it in about half
 * the time of the same data as objects (no keys, no object per event), measured on the
 * command-path workload's appends. Per append: streamId, expected, event count; per event: id,
 * type, data, schemaVersion, storedMetadata (or null), metadata (or null).
 */
export type FlatAppends = Array<string | number | null>;

export function encodeAppends(appends: readonly AppendRequest[]): FlatAppends {
  const flat: FlatAppends = [];
  for (const { streamId, expected, events } of appends) {
    flat.push(streamId, expected, events.length);
    for (const event of events) flat.push(event.id, event.type, event.data, event.schemaVersion, event.storedMetadata ?? null, event.metadata ?? null);
  }
  return flat;
}

export function decodeAppends(flat: FlatAppends): AppendRequest[] {
  const appends: AppendRequest[] = [];
  for (let at = 0; at < flat.length; ) {
    const streamId = flat[at++] as string;
    const expected = flat[at++] as AppendRequest['expected'];
    const count = flat[at++] as number;
    const events: AppendRequest['events'] = [];
    for (let i = 0; i < count; i++, at += 6) {
      const storedMetadata = flat[at + 4];
      const metadata = flat[at + 5];
      events.push({
        id: flat[at] as string,
        type: flat[at + 1] as string,
        data: flat[at + 2] as string,
        metadata: metadata === null ? undefined : (metadata as string),
        schemaVersion: flat[at + 3] as number,
        storedMetadata: storedMetadata === null ? undefined : (storedMetadata as string),
      });
    }
    appends.push({ streamId, expected, events });
  }
  return appends;
}

export type WireError = { name: string; message: string; stack?: string; props?: Record<string, unknown> };
/**
 * A transaction's outcomes as one array of numbers (cloned far faster than an object per append).
 * Per append: 1, written (1/0), nextExpectedRevision, n, then n positions; or 0 and an index into `errors`.
 */
export interface WireOutcomes {
  flat: number[];
  errors: WireError[];
}

export type FromWriter =
  | { kind: 'ready'; synchronous: number; journalMode: string }
  /** One transaction: the next `groups` groups sent, their outcomes in order. */
  | { kind: 'committed'; groups: number; outcomes: WireOutcomes; /** how long the transaction took */ ms: number }
  /** The transaction itself failed: nothing of those groups is stored. */
  | { kind: 'failed'; groups: number; error: WireError }
  | { kind: 'closed' };

/** Errors that cross the thread keep their class, fields and message (structured clone keeps neither class nor fields). */
const ERROR_CLASSES: Record<string, { prototype: Error }> = {
  WrongExpectedRevisionError,
  DuplicateEventIdError,
  InvalidAppendError,
  StreamDeletedError,
  SqliteError: Database.SqliteError,
};

export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof value)) props[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, props };
}

export function fromWire(wire: WireError): Error {
  const error = Object.create((ERROR_CLASSES[wire.name] ?? Error).prototype) as Error;
  Object.defineProperty(error, 'message', { value: wire.message, writable: true, configurable: true });
  if (wire.stack !== undefined) Object.defineProperty(error, 'stack', { value: wire.stack, writable: true, configurable: true });
  Object.assign(error, wire.props);
  return error;
}

export function outcomesToWire(outcomes: readonly CommitOutcome[]): WireOutcomes {
  const flat: number[] = [];
  const errors: WireError[] = [];
  for (const outcome of outcomes) {
    if (!outcome.ok) {
      flat.push(0, errors.push(toWire(outcome.error)) - 1);
      continue;
    }
    const { nextExpectedRevision, positions } = outcome.result;
    flat.push(1, outcome.written ? 1 : 0, nextExpectedRevision, positions.length);
    // Rowids: integers below 2^53 for any file SQLite can hold in practice.
    for (const position of positions) flat.push(Number(position));
  }
  return { flat, errors };
}

export function outcomesFromWire({ flat, errors }: WireOutcomes): CommitOutcome[] {
  const outcomes: CommitOutcome[] = [];
  for (let at = 0; at < flat.length; ) {
    if (flat[at++] === 0) {
      outcomes.push({ ok: false, error: fromWire(errors[flat[at++]] as WireError) });
      continue;
    }
    const written = flat[at++] === 1;
    const nextExpectedRevision = flat[at++] as number;
    const count = flat[at++] as number;
    const positions: bigint[] = [];
    for (let i = 0; i < count; i++) positions.push(BigInt(flat[at++] as number));
    outcomes.push({ ok: true, written, result: { nextExpectedRevision, position: positions[count - 1] as bigint, positions } });
  }
  return outcomes;
}

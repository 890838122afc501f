// What the main thread and the SQLite writer thread (sqlite-writer.worker.ts) say to each other.
import Database from 'better-sqlite3';
import type { AppendRequest } from '../core/append-batcher';
import type { CommitOutcome } from '../core/local-commit';
import { DuplicateEventIdError, InvalidAppendError, StreamDeletedError, WrongExpectedRevisionError } from '../errors';
import type { AppendResult } from '../event-store.port';

export interface WriterData {
  filename: string;
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

export type ToWriter = { kind: 'commit'; appends: AppendRequest[] } | { kind: 'close' };

export type WireError = { name: string; message: string; stack?: string; props?: Record<string, unknown> };
export type WireOutcome = { ok: true; result: AppendResult; written: boolean } | { ok: false; error: WireError };

export type FromWriter =
  | { kind: 'ready'; synchronous: number; journalMode: string }
  | { kind: 'committed'; outcomes: WireOutcome[] }
  /** The transaction itself failed: nothing of the group is stored. */
  | { kind: 'failed'; error: WireError }
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

export const outcomeToWire = (outcome: CommitOutcome): WireOutcome => (outcome.ok ? outcome : { ok: false, error: toWire(outcome.error) });

export const outcomeFromWire = (outcome: WireOutcome): CommitOutcome =>
  outcome.ok ? outcome : { ok: false, error: fromWire(outcome.error) };

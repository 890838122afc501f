import type { AllFilter, EventMetadata, RecordedEvent } from '../event-store.port';
import type { StreamHead } from './expected-revision';
import type { StoredEventRef } from './stored-event-ref';
import type { SerializedEvent } from './serialized-event';

/**
 * The synchronous storage under an in-process store (SQLite via better-sqlite3, or plain
 * arrays). Everything above it — expected revisions, idempotence, group commit, upcasting,
 * catch-up subscriptions — is shared by `LocalEventStore`, so the adapters cannot drift apart.
 * Being synchronous is what makes the catch-up hand-over simple: a commit and the live
 * notification that follows it happen in one turn of the event loop.
 */
export interface LocalStorage {
  /** What an integrity check of the storage found ([] when sound); absent when there is nothing to check. */
  integrityProblems?(): string[];
  /** Runs `work` as one atomic, durable commit (one fsync for the whole group). */
  transaction(work: () => void): void;
  /** Runs `work` inside the current transaction so that, if it throws, only its writes vanish. */
  isolated<T>(work: () => T): T;
  /** The metadata in the storage's own form (SerializedEvent.storedMetadata); absent: JSON text. */
  encodeMetadata?(metadata: EventMetadata | undefined, schemaVersion: number): string;
  /** The metadata back from `encodeMetadata`'s text (for live subscribers, without a read). */
  decodeMetadata?(stored: string, schemaVersion: number): EventMetadata;
  streamHead(streamId: string): StreamHead;
  /** Ids, revisions and positions only: what the idempotence check compares. */
  eventRefs(query: StreamQuery): StoredEventRef[];
  /** Writes the events at `firstRevision`, `firstRevision + 1`…; returns their global positions. */
  insert(streamId: string, firstRevision: number, events: readonly SerializedEvent[]): bigint[];
  /** Decoded but not upcast; undefined when the stream does not exist. */
  readStream(query: StreamQuery): RecordedEvent[] | undefined;
  /** Decoded but not upcast. */
  readAll(query: AllQuery): RecordedEvent[];
  lastPosition(filter?: AllFilter): bigint | undefined;
  /**
   * See `EventStore.writesElsewhere`. SQLite only: the memory store's one object may be shared
   * by several servers in a process (the scale-out tests do), and it cannot tell them apart.
   */
  writesElsewhere?(): number;
  close(): void;
}

export interface StreamQuery {
  streamId: string;
  direction: 'forwards' | 'backwards';
  /** Inclusive; undefined means from the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount: number;
}

export interface AllQuery {
  /** Exclusive. */
  after?: bigint;
  maxCount: number;
  /** Stop once about this many bytes are read (see `ReadAllOptions.maxBytes`). */
  maxBytes?: number;
  filter?: AllFilter;
}

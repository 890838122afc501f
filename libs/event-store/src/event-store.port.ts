import type { Observable } from 'rxjs';

/** Injection token for the EventStore port (Nest modules provide an adapter under it). */
export const EVENT_STORE = Symbol('EVENT_STORE');

/** Metadata every Logbook event carries; adapters store it verbatim. */
export interface EventMetadata {
  commandId?: string;
  /** Absent: the commandId (Logbook writes it only when the client sent a different one). */
  correlationId?: string;
  /** Absent: the commandId (logs written before the log was slimmed hold it on every event). */
  causationId?: string;
  seat?: number | null;
  recordedAt?: string;
  [key: string]: unknown;
}

/** What a caller hands to `append`. `id` makes retries idempotent. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
  /** Version of `data`'s shape; upcasters lift older versions on read. Defaults to 1. */
  schemaVersion?: number;
}

/** Version given to events appended without one. */
export const DEFAULT_SCHEMA_VERSION = 1;

/** What the store gives back: the event with its place in the stream and in the whole log. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  /** 0-based position in its stream. */
  revision: number;
  /** Position in the store's global order (monotonic, may have gaps). */
  position: bigint;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  schemaVersion: number;
}

/**
 * Expected revision of a stream before an append:
 * - 'any': no check; 'no_stream': the stream must not exist;
 * - 'stream_exists': it must exist; a number: its last revision must be exactly that.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: bigint;
  /** Global position of each appended event, in the order given (the last equals `position`). */
  positions: bigint[];
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive revision to start from (forwards default 0, backwards default the end). */
  fromRevision?: number;
  maxCount?: number;
}

export type ReadStreamResult<E = RecordedEvent> = { status: 'ok'; events: E[] } | { status: 'stream_not_found' };

export interface AllFilter {
  streamPrefixes?: string[];
  eventTypes?: string[];
  /**
   * Not a filter, a hint of `readAll` (and of subscriptions' history reads): the types whose data
   * the reader reads. Every event still comes; a store may hand the others with their data read
   * from storage only when first asked for, so a reader that skips them does not parse it (SQLite
   * does; the memory store and EventStoreDB give every event whole). Read such an event's data
   * while the store is open.
   */
  dataOf?: readonly string[];
  /**
   * Also a hint: the reader changes no event it is given, so values stored once may come as one
   * deeply frozen object shared by every event that holds them, parsed once instead of once per
   * event: the documents of `withSharedContent`, and SQLite's interned texts (an event's whole
   * data, or the command and fingerprint of its metadata).
   */
  readOnly?: boolean;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Omit to start at the beginning. */
  fromPosition?: bigint;
  maxCount?: number;
  /**
   * Also stop once about this many bytes of events are read (always one event at least), so a
   * page of megabyte events stays a bounded piece of memory. The page may then hold fewer than
   * `maxCount` events: a caller that passes it reads on until a page comes back empty. A store
   * that does not measure its events may ignore it.
   */
  maxBytes?: number;
  filter?: AllFilter;
}

export interface SubscribeOptions {
  /** Exclusive checkpoint: deliver events strictly after this position. */
  fromPosition?: bigint;
  filter?: AllFilter;
  /** Ends the subscription (the iterable returns, the Observable completes). */
  signal?: AbortSignal;
}

/** Takes one batch of a pushed subscription; a promise holds the next batch back until it settles. */
export type BatchHandler = (events: readonly RecordedEvent[]) => void | Promise<void>;

/**
 * The one port every store adapter implements (SQLite embedded, EventStoreDB).
 * A contract suite in this library runs against each adapter.
 */
export interface EventStore {
  readonly name: string;
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<ReadStreamResult>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Catch-up subscription: history from the checkpoint, then live events, no gap, no duplicate.
   * rxjs has no demand signal: a slow consumer (`concatMap(async …)`) loses nothing, but the
   * events it has not handled yet wait in its own buffer. Use `subscribeToAllIterable` to bound
   * memory on long rebuilds.
   */
  subscribeToAll(options?: SubscribeOptions): Observable<RecordedEvent>;
  /**
   * The same catch-up subscription, pulled: history is read one page at a time as the consumer
   * asks, and live events wait in a bounded buffer (on overflow the store re-reads its history),
   * so a slow `for await` loop is real back-pressure. `break` or `signal` ends it.
   */
  subscribeToAllIterable(options?: SubscribeOptions): AsyncIterable<RecordedEvent>;
  /**
   * The same catch-up subscription, pushed in batches (optional: in-process stores have it). History
   * comes a page at a time; once caught up, each committed group is handed to `handler` at once,
   * synchronously, before the appends that wrote it are answered: no buffer, promise or turn of the
   * event loop per event while the handler keeps up. A handler that returns a promise gets nothing
   * more until it settles (what commits meanwhile waits, bounded as the iterable's buffer is).
   * Resolves when `signal` ends it or the store closes; rejects with the handler's error, after
   * which it delivers nothing more.
   */
  subscribeToAllBatches?(options: SubscribeOptions, handler: BatchHandler): Promise<void>;
  /**
   * Position of the last event in the store, or undefined when empty (for rebuild progress).
   * With a filter, the position of the last event the filter keeps: what a filtered projection
   * must have handled to be caught up (on EventStoreDB `$all` also holds system records that no
   * filter keeps, so its head is never "reached" by a filtered subscription).
   */
  lastPosition(filter?: AllFilter): Promise<bigint | undefined>;
  /** Cheap liveness probe for /health. */
  ping(): Promise<void>;
  /**
   * How many times, so far, this process has seen the store written by someone else: a number
   * that stays the same while every append came from this process (synchronous and cheap).
   * A reader that cached a stream need not read it again while the number has not moved.
   * Absent when the store cannot tell (EventStoreDB: other servers may write at any time; the
   * memory store: one object may serve several servers in a test), so such readers always
   * catch up. SQLite counts commits by other connections to its file (`PRAGMA data_version`);
   * it assumes the store object itself serves one writer.
   */
  writesElsewhere?(): number;
  /**
   * Checks the stored data itself (SQLite: `PRAGMA quick_check`): [] when sound, otherwise one
   * line per problem. Optional: a store run by a server of its own (EventStoreDB) checks itself.
   */
  integrityProblems?(): Promise<string[]>;
  /**
   * Hears every group commit from now on (one observer; `undefined` stops): for metrics, which
   * the store knows nothing of. Optional: only stores that commit groups themselves (SQLite,
   * memory) have one to report.
   */
  observeCommits?(observer: CommitObserver | undefined): void;
  close(): Promise<void>;
}

/** One group commit: how many appends it carried and how long it held the event loop, in seconds. */
export type CommitObserver = (appends: number, seconds: number) => void;

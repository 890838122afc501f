import type { Observable } from 'rxjs';
import type {
  AllFilter,
  AppendResult,
  BatchHandler,
  CommitObserver,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  ReadStreamResult,
  RecordedEvent,
  SubscribeOptions,
} from '../event-store.port';
import { EventStoreClosedError } from '../errors';
import { NO_UPCASTERS, type UpcasterRegistry } from '../upcasting/upcaster-registry';
import { AppendBatcher, type CommitTiming, type PendingAppend } from './append-batcher';
import { abortableIterable, toObservable } from './async-iterables';
import { catchUp, catchUpBatches, type CatchUpTuning } from './catch-up';
import { assertValidExpectedRevision } from './expected-revision';
import { LiveFeed } from './live-feed';
import { GroupCommitter, type PublishGroup } from './group-committer';
import type { AppendRequest } from './append-batcher';
import type { CommitOutcome } from './local-commit';
import type { AllQuery, LocalStorage } from './local-storage';
import { committedEvent, serializeEvents } from './serialized-event';

export interface LocalStoreOptions {
  upcasters?: UpcasterRegistry;
  /** Most appends committed in one transaction (group commit). */
  maxBatchSize?: number;
  /** Events per history read in subscriptions. */
  pageSize?: number;
  /** ...and at most about this many bytes (storages that measure them: SQLite). */
  pageBytes?: number;
  /** Live events one subscription buffers for a slow consumer before re-reading history. */
  liveCapacity?: number;
  /** When a group of appends is committed (default `next-turn`, which shares one fsync among them). */
  commitTiming?: CommitTiming;
}

const ALL = Number.MAX_SAFE_INTEGER;
export const DEFAULT_MAX_BATCH_SIZE = 500;
/** What one history read of a subscription may hold: a few pages of megabyte events, not thousands. */
export const DEFAULT_SUBSCRIPTION_PAGE_BYTES = 32 * 1024 * 1024;

/**
 * The EventStore port on top of a synchronous `LocalStorage`: shared by the SQLite and
 * in-memory adapters, which differ only in where rows live.
 */
export class LocalEventStore implements EventStore {
  private readonly feed = new LiveFeed();
  private readonly batcher: AppendBatcher;
  private readonly upcasters: UpcasterRegistry;
  private readonly tuning: CatchUpTuning;
  private closed = false;
  private readonly encodeMetadata: LocalStorage['encodeMetadata'];
  private readonly decodeMetadata: LocalStorage['decodeMetadata'];
  private readonly committer: GroupCommitter;
  /** Asked when a group is answered, not when it is sent: a subscriber may arrive while it commits. */
  private readonly publishGroup: PublishGroup = (batch, outcomes) => {
    if (this.feed.hasListeners) this.feed.publish(this.upcast(committedEvents(batch, outcomes, this.decodeMetadata)));
  };

  /** See the port; defined only when the storage can tell (SQLite). */
  readonly writesElsewhere?: () => number;

  constructor(
    readonly name: string,
    private readonly storage: LocalStorage,
    options: LocalStoreOptions = {},
  ) {
    this.upcasters = options.upcasters ?? NO_UPCASTERS;
    this.tuning = {
      pageSize: options.pageSize ?? 1000,
      pageBytes: options.pageBytes ?? DEFAULT_SUBSCRIPTION_PAGE_BYTES,
      liveCapacity: options.liveCapacity ?? 10_000,
    };
    this.batcher = new AppendBatcher((batch) => this.commit(batch), options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE, options.commitTiming);
    this.encodeMetadata = storage.encodeMetadata?.bind(storage);
    this.decodeMetadata = storage.decodeMetadata?.bind(storage);
    this.committer = new GroupCommitter(storage);
    const writesElsewhere = storage.writesElsewhere?.bind(storage);
    if (writesElsewhere) this.writesElsewhere = writesElsewhere;
  }

  /** Group-commit figures: how many transactions carried how many appends (for tests and bench). */
  get commitStats(): { transactions: number; appends: number } {
    return { ...this.committer.stats };
  }

  observeCommits(observer: CommitObserver | undefined): void {
    this.committer.observer = observer;
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.assertOpen();
      assertValidExpectedRevision(expected);
      const serialized = serializeEvents(streamId, events, this.encodeMetadata);
      this.batcher.enqueue({ streamId, expected, events: serialized, resolve, reject });
    });
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    this.assertOpen();
    const rows = this.storage.readStream({
      streamId,
      direction: options.direction ?? 'forwards',
      fromRevision: options.fromRevision,
      maxCount: options.maxCount ?? ALL,
    });
    if (!rows) return { status: 'stream_not_found' };
    return { status: 'ok', events: this.upcast(rows) };
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const query = { after: options.fromPosition, maxCount: options.maxCount ?? ALL, maxBytes: options.maxBytes, filter: options.filter };
    const elsewhere = this.readAllElsewhere(query);
    return this.upcast(elsewhere ? await elsewhere : this.storage.readAll(query));
  }

  /**
   * A read of all events done off this thread (SQLite's reader thread), or undefined to read it
   * here. Subscriptions never ask: their catch-up hands over to live events in one turn of the
   * event loop, which only a read on this thread keeps.
   */
  protected readAllElsewhere(_query: AllQuery): Promise<RecordedEvent[]> | undefined {
    return undefined;
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    return toObservable(this.subscribeToAllIterable(options));
  }

  subscribeToAllIterable(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    const source = { feed: this.feed, readPage: this.readPage.bind(this) };
    return abortableIterable((signal) => catchUp(source, { ...options, signal }, this.tuning), options.signal);
  }

  subscribeToAllBatches(options: SubscribeOptions, handler: BatchHandler): Promise<void> {
    const source = { feed: this.feed, readPage: this.readPage.bind(this) };
    return catchUpBatches(source, { ...options, signal: options.signal ?? new AbortController().signal }, this.tuning, handler);
  }

  async lastPosition(filter?: AllFilter): Promise<bigint | undefined> {
    this.assertOpen();
    return this.storage.lastPosition(filter);
  }

  async integrityProblems(): Promise<string[]> {
    return this.storage.integrityProblems?.() ?? [];
  }

  async ping(): Promise<void> {
    this.assertOpen();
    this.storage.lastPosition();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      this.batcher.flush();
    } finally {
      this.feed.close();
      this.storage.close();
    }
  }

  private readPage(after: bigint | undefined, maxCount: number, filter?: ReadAllOptions['filter'], maxBytes?: number): RecordedEvent[] {
    return this.upcast(this.storage.readAll({ after, maxCount, maxBytes, filter }));
  }

  private commit(batch: PendingAppend[]): void {
    this.committer.commit(batch, this.publishGroup);
  }

  private upcast(events: RecordedEvent[]): RecordedEvent[] {
    return this.upcasters.isEmpty ? events : events.map((event) => this.upcasters.upcast(event));
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreClosedError(this.name);
  }
}

/** The events a group stored, in commit (global) order, as live subscribers get them. */
function committedEvents(batch: readonly AppendRequest[], outcomes: readonly CommitOutcome[], decodeMetadata: LocalStorage['decodeMetadata']): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  outcomes.forEach((outcome, i) => {
    if (!outcome.ok || !outcome.written) return;
    const { streamId, events: written } = batch[i];
    const { nextExpectedRevision, positions } = outcome.result;
    const first = nextExpectedRevision - written.length + 1;
    written.forEach((event, j) => events.push(committedEvent(event, streamId, first + j, positions[j], decodeMetadata)));
  });
  return events;
}

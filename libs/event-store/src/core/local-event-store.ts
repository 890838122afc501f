import type { Observable } from 'rxjs';
import type {
  AllFilter,
  AppendResult,
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
import { AppendBatcher, type PendingAppend } from './append-batcher';
import { abortableIterable, toObservable } from './async-iterables';
import { catchUp, type CatchUpTuning } from './catch-up';
import { assertValidExpectedRevision } from './expected-revision';
import { LiveFeed } from './live-feed';
import { commitGroup } from './local-commit';
import type { LocalStorage } from './local-storage';
import { decodeRow, serializeEvents, type StoredRow } from './serialized-event';

export interface LocalStoreOptions {
  upcasters?: UpcasterRegistry;
  /** Most appends committed in one transaction (group commit). */
  maxBatchSize?: number;
  /** Events per history read in subscriptions. */
  pageSize?: number;
  /** Live events one subscription buffers for a slow consumer before re-reading history. */
  liveCapacity?: number;
}

const ALL = Number.MAX_SAFE_INTEGER;

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
  /** Group-commit figures: how many transactions carried how many appends (for tests and bench). */
  readonly commitStats = { transactions: 0, appends: 0 };

  /** See the port; defined only when the storage can tell (SQLite). */
  readonly writesElsewhere?: () => number;

  constructor(
    readonly name: string,
    private readonly storage: LocalStorage,
    options: LocalStoreOptions = {},
  ) {
    this.upcasters = options.upcasters ?? NO_UPCASTERS;
    this.tuning = { pageSize: options.pageSize ?? 1000, liveCapacity: options.liveCapacity ?? 10_000 };
    this.batcher = new AppendBatcher((batch) => this.commit(batch), options.maxBatchSize ?? 500);
    this.encodeMetadata = storage.encodeMetadata?.bind(storage);
    const writesElsewhere = storage.writesElsewhere?.bind(storage);
    if (writesElsewhere) this.writesElsewhere = writesElsewhere;
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
    return this.readPage(options.fromPosition, options.maxCount ?? ALL, options.filter);
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    return toObservable(this.subscribeToAllIterable(options));
  }

  subscribeToAllIterable(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    const source = { feed: this.feed, readPage: this.readPage.bind(this) };
    return abortableIterable((signal) => catchUp(source, { ...options, signal }, this.tuning), options.signal);
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
    this.batcher.flush();
    this.closed = true;
    this.feed.close();
    this.storage.close();
  }

  private readPage(after: bigint | undefined, maxCount: number, filter?: ReadAllOptions['filter']): RecordedEvent[] {
    return this.upcast(this.storage.readAll({ after, maxCount, filter }));
  }

  private commit(batch: PendingAppend[]): void {
    const publish = this.feed.hasListeners
      ? (rows: StoredRow[]) => this.feed.publish(this.upcast(rows.map(decodeRow)))
      : undefined;
    this.commitStats.transactions += 1;
    this.commitStats.appends += batch.length;
    commitGroup(this.storage, batch, publish);
  }

  private upcast(events: RecordedEvent[]): RecordedEvent[] {
    return this.upcasters.isEmpty ? events : events.map((event) => this.upcasters.upcast(event));
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreClosedError(this.name);
  }
}

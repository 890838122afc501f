import { Pool } from 'pg';
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
import { EventStoreClosedError, EventStoreOpenError, EventStoreUnavailableError } from '../errors';
import { abortableIterable, toObservable } from '../core/async-iterables';
import { catchUp, type CatchUpTuning } from '../core/catch-up';
import { assertValidExpectedRevision } from '../core/expected-revision';
import { DEFAULT_MAX_BATCH_SIZE, DEFAULT_SUBSCRIPTION_PAGE_BYTES } from '../core/local-event-store';
import { serializeEvents } from '../core/serialized-event';
import { NO_UPCASTERS, type UpcasterRegistry } from '../upcasting/upcaster-registry';
import { PostgresCommitter } from './postgres-commit';
import { type PostgresTarget, STORE_NAME, mapped, messageOf, poolConfig, postgresTarget, toStoreError } from './postgres-connection';
import { LogTail, NotificationListener } from './postgres-live';
import { PostgresReads } from './postgres-reads';
import { type StoreTables, migrate, storeTables } from './postgres-schema';

export interface PostgresEventStoreOptions {
  /** `postgres://user:password@host:5432/database`, `?schema=name` for a schema of its own. */
  url: string;
  /** What start-up errors call the URL (the setting it came from, e.g. LOGBOOK_POSTGRES_URL). */
  urlName?: string;
  upcasters?: UpcasterRegistry;
  /** Most appends committed in one transaction (group commit). */
  maxBatchSize?: number;
  /** Connections for reads and commits (the LISTEN connection is one more). */
  poolSize?: number;
  /** Subscriptions read the log at least this often when no notification wakes them. */
  pollMs?: number;
  /** Events per history read in subscriptions, and about how many bytes at most. */
  pageSize?: number;
  pageBytes?: number;
  /** Live events one subscription buffers for a slow consumer before re-reading history. */
  liveCapacity?: number;
}

const ALL = Number.MAX_SAFE_INTEGER;
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * The port on PostgreSQL (the `pg` driver, pooled). Appends go through group commit
 * (postgres-commit.ts: one transaction per group, gap-free positions under an advisory lock);
 * reads are plain indexed queries; subscriptions are the core catch-up machinery fed by one
 * tail reader per store (postgres-live.ts), woken by LISTEN/NOTIFY, its own commits and a poll.
 * Several servers may share one database: every check and position is decided inside the
 * database, under its lock. The schema is created or migrated when the store opens; until
 * then every call waits for it, and if opening fails every call rejects with that error.
 */
export class PostgresEventStore implements EventStore {
  readonly name = STORE_NAME;
  private readonly target: PostgresTarget;
  private readonly tables: StoreTables;
  private readonly pool: Pool;
  private readonly reads: PostgresReads;
  private readonly upcasters: UpcasterRegistry;
  private readonly tuning: CatchUpTuning;
  private readonly tail: LogTail;
  private readonly listener: NotificationListener;
  private readonly opened: Promise<PostgresCommitter>;
  private committer: PostgresCommitter | undefined;
  private closed = false;

  constructor(private readonly options: PostgresEventStoreOptions) {
    const urlName = options.urlName ?? 'the PostgreSQL URL';
    try {
      this.target = postgresTarget(options.url);
    } catch (error) {
      throw new EventStoreOpenError(`${urlName} ${error instanceof Error ? error.message : String(error)}`);
    }
    this.tables = storeTables(this.target.schema);
    this.pool = new Pool(poolConfig(this.target, options.poolSize ?? 8));
    // A connection that PostgreSQL ends (a restart) must not crash the process, idle in the pool
    // or checked out between two statements of a commit: the statement in flight, if any, rejects,
    // and the next one gets a fresh connection.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.reads = new PostgresReads(this.pool, this.tables);
    this.upcasters = options.upcasters ?? NO_UPCASTERS;
    this.tuning = {
      pageSize: options.pageSize ?? 1000,
      pageBytes: options.pageBytes ?? DEFAULT_SUBSCRIPTION_PAGE_BYTES,
      liveCapacity: options.liveCapacity ?? 10_000,
    };
    this.tail = new LogTail((after, maxCount) => this.followPage(after, maxCount), options.pollMs ?? 1000);
    this.listener = new NotificationListener(poolConfig(this.target, 1), this.tables.channel, (hint) => this.tail.wake(hint));
    this.opened = this.open(urlName);
    // Callers see the failure; this only keeps it from being an unhandled rejection meanwhile.
    this.opened.catch(() => undefined);
  }

  /** Group-commit figures: how many transactions carried how many appends (for tests and bench). */
  get commitStats(): { transactions: number; appends: number } {
    return { ...(this.committer?.stats ?? { transactions: 0, appends: 0 }) };
  }

  /** The backend pid of the LISTEN session, for fault tests. */
  get listenerPid(): number | undefined {
    return this.listener.pid;
  }

  /** Resolves once the schema is in place and the store listens; rejects with why it cannot open. */
  async ready(): Promise<void> {
    await this.opened;
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.assertOpen();
      assertValidExpectedRevision(expected);
      const serialized = serializeEvents(streamId, events);
      const enqueue = (committer: PostgresCommitter) => committer.enqueue({ streamId, expected, events: serialized, resolve, reject });
      if (this.committer) enqueue(this.committer);
      else this.opened.then(enqueue, reject);
    });
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    await this.whenOpen();
    const events = await this.reads.readStream({
      streamId,
      direction: options.direction ?? 'forwards',
      fromRevision: options.fromRevision,
      maxCount: options.maxCount ?? ALL,
    });
    if (!events) return { status: 'stream_not_found' };
    return { status: 'ok', events: this.upcast(events) };
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    await this.whenOpen();
    return this.upcast(
      await this.reads.readAll({ after: options.fromPosition, maxCount: options.maxCount ?? ALL, maxBytes: options.maxBytes, filter: options.filter }),
    );
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    return toObservable(this.subscribeToAllIterable(options));
  }

  subscribeToAllIterable(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    const source = {
      feed: this.tail.feed,
      readPage: async (after: bigint | undefined, maxCount: number, filter?: AllFilter, maxBytes?: number) => {
        // Closing ends subscriptions (the feed closes them), it does not fail them.
        if (this.closed) return [];
        await this.whenOpen();
        return this.untilAvailable(() => this.reads.readAll({ after, maxCount, maxBytes, filter }));
      },
    };
    return abortableIterable((signal) => catchUp(source, { ...options, signal }, this.tuning), options.signal);
  }

  async lastPosition(filter?: AllFilter): Promise<bigint | undefined> {
    await this.whenOpen();
    return this.reads.lastPosition(filter);
  }

  async ping(): Promise<void> {
    await this.whenOpen();
    await mapped(this.pool.query('SELECT 1'));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Appends already accepted are committed (or rejected) before the connections go.
    await this.opened.catch(() => undefined);
    await this.committer?.flush();
    this.tail.close();
    await this.listener.close();
    await this.pool.end();
  }

  private async open(urlName: string): Promise<PostgresCommitter> {
    try {
      const client = await this.pool.connect();
      let lockKey: number;
      try {
        await migrate(client, this.tables);
        const { rows } = await client.query<{ key: number }>('SELECT hashtext($1) AS key', [this.tables.schema]);
        lockKey = rows[0].key;
      } finally {
        client.release();
      }
      // LISTEN first, then the head: anything committed after the head is then heard or polled.
      await this.listener.start();
      this.tail.start(await this.reads.lastPosition());
      this.committer = new PostgresCommitter(this.pool, this.tables, lockKey, this.options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE, (last) =>
        this.tail.wake(last),
      );
      return this.committer;
    } catch (error) {
      const cause = toStoreError(error);
      const reason = messageOf(error);
      const what =
        cause instanceof EventStoreUnavailableError
          ? 'could not be reached'
          : (error as { code?: string }).code?.startsWith('28')
            ? 'refused the login'
            : 'could not be opened';
      throw new EventStoreOpenError(`PostgreSQL at ${urlName} (${this.target.shown}) ${what}: ${reason}`, error);
    }
  }

  /** A page for the tail reader: retried while PostgreSQL is away, [] once the store closes. */
  private async followPage(after: bigint | undefined, maxCount: number): Promise<RecordedEvent[]> {
    if (this.closed) return [];
    return this.untilAvailable(() => this.reads.readAll({ after, maxCount }));
  }

  /**
   * Subscriptions outlive a restart of PostgreSQL: a read that finds it away is tried again
   * (backoff up to 2 s) from the same position, so they resume with no gap and no duplicate.
   */
  private async untilAvailable(read: () => Promise<RecordedEvent[]>): Promise<RecordedEvent[]> {
    for (let attempt = 0; ; attempt++) {
      if (this.closed) return [];
      try {
        return this.upcast(await read());
      } catch (error) {
        if (!(error instanceof EventStoreUnavailableError) || this.closed) throw error;
        await sleep(Math.min(50 * 2 ** attempt, 2000));
      }
    }
  }

  private async whenOpen(): Promise<void> {
    this.assertOpen();
    if (!this.committer) await this.opened;
  }

  private upcast(events: RecordedEvent[]): RecordedEvent[] {
    return this.upcasters.isEmpty ? events : events.map((event) => this.upcasters.upcast(event));
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreClosedError(this.name);
  }
}

import { Client, type ClientConfig } from 'pg';
import type { RecordedEvent } from '../event-store.port';
import { LiveFeed } from '../core/live-feed';
import { quoteIdent } from './postgres-schema';

/** Reads the events after a position, retrying while PostgreSQL is away; [] once the store closes. */
export type TailRead = (after: bigint | undefined, maxCount: number) => Promise<RecordedEvent[]>;

const TAIL_PAGE = 1000;

/**
 * The live half of the store's subscriptions: ONE reader per store follows the log's tail and
 * publishes what it reads to a core `LiveFeed`, in position order, so the core catch-up
 * machinery (`catchUp`, `LiveBuffer`) serves every subscription as it does for SQLite, and a
 * hundred live feeds cost one query per commit, not a hundred. It reads when woken: by this
 * store's own commits, by a NOTIFY from any server's commit (a hint only: the read is the
 * truth), and by a poll, so a lost notification delays an event by one poll at most.
 *
 * No gap: the tail starts at the head read once the LISTEN is in place, and every event after it
 * is read from the table in position order (positions are gap-free at the reader, see
 * postgres-commit.ts) and published; an event published before a subscription attached was
 * committed before it read its history, so that read holds it.
 */
export class LogTail {
  readonly feed = new LiveFeed();
  private tail: bigint | undefined;
  private reading = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: TailRead,
    private readonly pollMs: number,
  ) {}

  start(head: bigint | undefined): void {
    this.tail = head;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
  }

  /** Something may have been committed up to `hint` (when known). */
  wake(hint?: bigint): void {
    if (!this.feed.hasListeners && !this.reading) {
      // Nobody follows: nothing to publish. Every event up to a hint is committed and visible, so
      // the tail may skip to it; a subscription that attaches later reads those from history.
      if (hint !== undefined && (this.tail === undefined || hint > this.tail)) this.tail = hint;
      return;
    }
    if (this.reading) {
      this.again = true;
      return;
    }
    void this.follow();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.feed.close();
  }

  private async follow(): Promise<void> {
    this.reading = true;
    try {
      for (;;) {
        this.again = false;
        const page = await this.read(this.tail, TAIL_PAGE);
        if (page.length > 0) {
          this.tail = page[page.length - 1].position;
          this.feed.publish(page);
        }
        if (page.length < TAIL_PAGE && !this.again) return;
      }
    } catch {
      // A read PostgreSQL refused for another reason than being away: the next wake tries again.
    } finally {
      this.reading = false;
    }
  }
}

/**
 * The dedicated LISTEN connection. It reconnects by itself (backoff up to `maxBackoffMs`), and
 * after each reconnect wakes the tail, since notifications sent while it was away are lost.
 */
export class NotificationListener {
  private client: Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    private readonly config: ClientConfig,
    private readonly channel: string,
    private readonly onHint: (position: bigint | undefined) => void,
    private readonly maxBackoffMs = 2000,
  ) {}

  /** The backend pid of the listening session (for tests that kill it), when connected. */
  get pid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  /** Connects and listens; resolves either way (a failure schedules the next attempt). */
  async start(): Promise<void> {
    if (this.closed) return;
    const client = new Client(this.config);
    client.on('error', () => undefined);
    client.on('notification', ({ payload }) => this.onHint(payload && /^\d+$/.test(payload) ? BigInt(payload) : undefined));
    client.on('end', () => {
      if (this.client === client) this.lost();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(this.channel)}`);
    } catch {
      await client.end().catch(() => undefined);
      this.lost();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.onHint(undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private lost(): void {
    this.client = undefined;
    if (this.closed) return;
    const delay = Math.min(50 * 2 ** this.failures, this.maxBackoffMs);
    this.failures += 1;
    this.retry = setTimeout(() => void this.start(), delay);
    this.retry.unref();
  }
}

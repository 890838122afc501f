import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  type AllStreamSubscription,
} from '@eventstore/db-client';
import type { Observable } from 'rxjs';
import type {
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
import { abortableIterable, toObservable } from '../core/async-iterables';
import { matchesFilter } from '../core/all-filter';
import { assertValidExpectedRevision } from '../core/expected-revision';
import { validateNewEvents } from '../core/serialized-event';
import { NO_UPCASTERS, type UpcasterRegistry } from '../upcasting/upcaster-registry';
import { normalizeConnectionString } from './eventstoredb-connection';
import { headCommitPosition, readAllFiltered } from './eventstoredb-filtered-read';
import {
  UNKNOWN_POSITION,
  fromResolvedEvent,
  isStreamNotFound,
  toEventData,
  toExpectedRevision,
  toPosition,
  toServerFilter,
  toUnavailable,
  toWrongExpectedRevision,
} from './eventstoredb-mapping';

/** Rejects with the port's EventStoreUnavailableError when the client could not reach a server. */
const unavailableAware = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw toUnavailable(error) ?? error;
  });

export interface EventStoreDbEventStoreOptions {
  /** `esdb://host:2113?tls=false`, a cluster `esdb://n1:2113,n2:2113,n3:2113?…`, or `kurrentdb://…`. */
  connectionString: string;
  upcasters?: UpcasterRegistry;
}

/**
 * The port over EventStoreDB / KurrentDB (gRPC, `@eventstore/db-client` v6). Appends, stream
 * reads and catch-up subscriptions map one to one; idempotence and the hand-over from history
 * to live are the server's own.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  private readonly client: EventStoreDBClient;
  private readonly upcasters: UpcasterRegistry;
  private readonly subscriptions = new Set<AllStreamSubscription>();

  constructor(options: EventStoreDbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(normalizeConnectionString(options.connectionString));
    this.upcasters = options.upcasters ?? NO_UPCASTERS;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    assertValidExpectedRevision(expected);
    validateNewEvents(streamId, events);
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toExpectedRevision(expected),
      });
      const nextExpectedRevision = Number(result.nextExpectedRevision);
      const position = result.position?.commit ?? UNKNOWN_POSITION;
      return { nextExpectedRevision, position, positions: await this.appendedPositions(streamId, nextExpectedRevision, events.length, position) };
    } catch (error) {
      throw toWrongExpectedRevision(error, streamId, expected) ?? toUnavailable(error) ?? error;
    }
  }

  /**
   * EventStoreDB's append answers only the last event's position; the others are read back
   * (one short read, skipped for a single event).
   */
  private async appendedPositions(streamId: string, lastRevision: number, count: number, last: bigint): Promise<bigint[]> {
    if (count <= 1) return [last];
    const read = await this.readStream(streamId, { fromRevision: lastRevision - count + 1, maxCount: count });
    if (read.status !== 'ok' || read.events.length !== count) return Array.from({ length: count }, () => last);
    return read.events.map((event) => event.position);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    const backwards = options.direction === 'backwards';
    const read = this.client.readStream(streamId, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
      maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = fromResolvedEvent(resolved);
        if (event) events.push(this.upcasters.upcast(event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return { status: 'stream_not_found' };
      throw toUnavailable(error) ?? error;
    }
    return { status: 'ok', events };
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return (await unavailableAware(readAllFiltered(this.client, options))).map((event) => this.upcasters.upcast(event));
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    return toObservable(this.subscribeToAllIterable(options));
  }

  /** The client's subscription is a Node Readable: `for await` pulls, gRPC flow control pushes back. */
  subscribeToAllIterable(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    return abortableIterable((signal) => this.catchUp(options, signal), options.signal);
  }

  lastPosition(): Promise<bigint | undefined> {
    return unavailableAware(headCommitPosition(this.client));
  }

  async ping(): Promise<void> {
    await unavailableAware(headCommitPosition(this.client));
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    await this.client.dispose();
  }

  private async *catchUp(options: SubscribeOptions, signal: AbortSignal): AsyncGenerator<RecordedEvent> {
    const from = options.fromPosition;
    const subscription = this.client.subscribeToAll({
      fromPosition: from === undefined ? START : toPosition(from),
      filter: toServerFilter(options.filter),
    });
    this.subscriptions.add(subscription);
    const stop = () => void subscription.unsubscribe();
    signal.addEventListener('abort', stop);
    try {
      for await (const resolved of subscription) {
        if (signal.aborted) return;
        const event = fromResolvedEvent(resolved);
        // The server resumes after `from`; the check guards the exclusive contract anyway.
        if (!event || (from !== undefined && event.position <= from) || !matchesFilter(event, options.filter)) continue;
        yield this.upcasters.upcast(event);
      }
    } finally {
      signal.removeEventListener('abort', stop);
      this.subscriptions.delete(subscription);
      await subscription.unsubscribe();
    }
  }
}

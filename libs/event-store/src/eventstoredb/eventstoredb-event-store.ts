import { BACKWARDS, END, EventStoreDBClient, FORWARDS, START } from '@eventstore/db-client';
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
import { abortableIterable, toObservable } from '../core/async-iterables';
import { matchesFilter } from '../core/all-filter';
import { assertValidExpectedRevision } from '../core/expected-revision';
import { validateNewEvents } from '../core/serialized-event';
import { NO_UPCASTERS, type UpcasterRegistry } from '../upcasting/upcaster-registry';
import { normalizeConnectionString } from './eventstoredb-connection';
import { type ClosableRead, type Track, headCommitPosition, lastMatchingPosition, readAllFiltered } from './eventstoredb-filtered-read';
import { EventStoreClosedError, EventStoreUnavailableError } from '../errors';
import {
  UNKNOWN_POSITION,
  fromResolvedEvent,
  isNotLeader,
  isUnavailable,
  isStreamNotFound,
  isSystemEvent,
  toEventData,
  toExpectedRevision,
  toPosition,
  toServerFilter,
  toStoreError,
  toWrongExpectedRevision,
} from './eventstoredb-mapping';

/** Rejects with the port's error (unavailable, access denied, deleted stream) where it has one. */
const mapped = <T>(work: Promise<T>, streamId?: string): Promise<T> =>
  work.catch((error: unknown) => {
    throw toStoreError(error, streamId) ?? error;
  });

/** A "not leader" answer means nothing was done: the client has switched to the leader, so send again. */
const NOT_LEADER_RETRIES = 5;
/**
 * An append that met a dropped connection (the client's batch-append stream ended under it) is
 * sent once more, on the stream the client opens again: safe whether or not the first reached the
 * server, since its events keep their ids and the server answers a repeated append of them at the
 * same expected revision as the first (idempotent write). A store that stays away fails it again.
 */
const UNAVAILABLE_APPEND_RETRIES = 1;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface EventStoreDbEventStoreOptions {
  /** `esdb://host:2113?tls=false`, a cluster `esdb://n1:2113,n2:2113,n3:2113?…`, or `kurrentdb://…`. */
  connectionString: string;
  upcasters?: UpcasterRegistry;
}

/**
 * The port over EventStoreDB / KurrentDB (gRPC, `@eventstore/db-client` v6). Appends, stream
 * reads and catch-up subscriptions map one to one; idempotence and the hand-over from history
 * to live are the server's own. Every read it starts is read to its end or cancelled, and
 * `close()` cancels those still open, so closing never waits on a paused gRPC stream.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  private readonly client: EventStoreDBClient;
  private readonly upcasters: UpcasterRegistry;
  private readonly reads = new Set<ClosableRead>();
  private closed = false;

  constructor(options: EventStoreDbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(normalizeConnectionString(options.connectionString));
    this.upcasters = options.upcasters ?? NO_UPCASTERS;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    assertValidExpectedRevision(expected);
    validateNewEvents(streamId, events);
    this.assertOpen();
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.client.appendToStream(streamId, events.map(toEventData), {
          expectedRevision: toExpectedRevision(expected),
        });
        const nextExpectedRevision = Number(result.nextExpectedRevision);
        const position = result.position?.commit ?? UNKNOWN_POSITION;
        return { nextExpectedRevision, position, positions: await this.appendedPositions(streamId, nextExpectedRevision, events.length, position) };
      } catch (error) {
        if (isNotLeader(error) && attempt < NOT_LEADER_RETRIES) {
          await sleep(20 * (attempt + 1));
          continue;
        }
        if (isUnavailable(error) && attempt < UNAVAILABLE_APPEND_RETRIES && !this.closed) continue;
        throw toWrongExpectedRevision(error, streamId, expected) ?? toStoreError(error, streamId) ?? error;
      }
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
    // Servers that do not give `$all` positions on stream reads answer "unknown": the last
    // event's position is then the safe stand-in (resuming after it misses nothing of this append).
    return read.events.map((event) => (event.position === UNKNOWN_POSITION ? last : event.position));
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.readStreamOnce(streamId, options);
      } catch (error) {
        const cause = error instanceof EventStoreUnavailableError ? error.cause : undefined;
        if (!isNotLeader(cause) || attempt >= NOT_LEADER_RETRIES) throw error;
        await sleep(20 * (attempt + 1));
      }
    }
  }

  private async readStreamOnce(streamId: string, options: ReadStreamOptions): Promise<ReadStreamResult> {
    this.assertOpen();
    const backwards = options.direction === 'backwards';
    const read = this.track(
      this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      }),
    );
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = fromResolvedEvent(resolved);
        if (event) events.push(this.upcasters.upcast(event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return { status: 'stream_not_found' };
      throw toStoreError(error, streamId) ?? error;
    }
    return { status: 'ok', events };
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const events = await mapped(readAllFiltered(this.client, options, (stream) => this.track(stream)));
    return events.map((event) => this.upcasters.upcast(event));
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    return toObservable(this.subscribeToAllIterable(options));
  }

  /** The client's subscription is a Node Readable: `for await` pulls, gRPC flow control pushes back. */
  subscribeToAllIterable(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    return abortableIterable((signal) => this.catchUp(options, signal), options.signal);
  }

  lastPosition(filter?: AllFilter): Promise<bigint | undefined> {
    this.assertOpen();
    const track: Track = (stream) => this.track(stream);
    return mapped(filter ? lastMatchingPosition(this.client, filter, track) : headCommitPosition(this.client, track));
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await mapped(headCommitPosition(this.client, (stream) => this.track(stream)));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // A read still open at close fails loudly rather than ending short, then its gRPC call is cancelled.
    await Promise.all([...this.reads].map((read) => read.closeWith(new EventStoreClosedError(this.name))));
    this.reads.clear();
    await this.client.dispose();
  }

  /**
   * Remembers an open read until its stream closes. At `close()` a bounded read fails with
   * EventStoreClosedError (never a short answer that looks complete); a live subscription just
   * ends, as the port promises.
   */
  private track<T extends ClosableRead['stream']>(stream: T, kind: 'read' | 'live' = 'read'): T {
    const read: ClosableRead = {
      stream,
      closeWith: async (error) => {
        if (kind === 'read') stream.destroy(error);
        await ('unsubscribe' in stream ? stream.unsubscribe() : stream.cancel());
      },
    };
    this.reads.add(read);
    stream.once('close', () => this.reads.delete(read));
    return stream;
  }

  private async *catchUp(options: SubscribeOptions, signal: AbortSignal): AsyncGenerator<RecordedEvent> {
    this.assertOpen();
    const from = options.fromPosition;
    const subscription = this.track(
      this.client.subscribeToAll({
        fromPosition: from === undefined ? START : toPosition(from),
        filter: toServerFilter(options.filter),
      }),
      'live',
    );
    const stop = () => void subscription.unsubscribe();
    signal.addEventListener('abort', stop);
    try {
      for await (const resolved of subscription) {
        if (signal.aborted) return;
        const event = fromResolvedEvent(resolved);
        // The server resumes after `from`; the check guards the exclusive contract anyway.
        if (!event || isSystemEvent(event.type) || (from !== undefined && event.position <= from) || !matchesFilter(event, options.filter)) continue;
        yield this.upcasters.upcast(event);
      }
    } catch (error) {
      // A dropped subscription (restart, leader change, network) is the port's unavailable error:
      // the caller resumes from its own checkpoint (the projection runner does, with backoff).
      if (signal.aborted || this.closed) return;
      throw toStoreError(error) ?? error;
    } finally {
      signal.removeEventListener('abort', stop);
      await subscription.unsubscribe();
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreClosedError(this.name);
  }
}

// Large values stored once, by content, and referenced: a decorator of the EventStore port.
//
// On append, a policy (given by whoever knows the events; this library knows none) names the
// places in an event's data that may hold a large value worth sharing. Each such value of at
// least `minBytes` of JSON is appended as the one event of its own stream `content-<sha256>`
// with expected revision `no_stream` (an existing stream means "already stored", so several
// servers on one store agree without talking), and the event is stored with `null` there and
// the list of its references in metadata (`contentRefs`); a value in the metadata likewise
// (`contentRefsOfMetadata`: a command's secret scenario). Every read (streams, `$all`, both
// subscriptions) puts the values back and drops `contentRefs` before anyone above sees the
// event, so a reference never leaves the store and a reader cannot tell the two apart.
//
// Only the port's ordinary operations are used, so it works on every adapter. Events without
// `contentRefs` (all but the few the policy names, and everything recorded before) cost one
// property check on read and one policy call on append.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Observable, type OperatorFunction } from 'rxjs';
import { deepFreeze } from '../core/deep-freeze';
import { WrongExpectedRevisionError } from '../errors';
import type {
  AllFilter,
  AppendResult,
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

/** Streams holding one shared value each: `content-<sha256 of its JSON, hex>`. */
export const CONTENT_STREAM_PREFIX = 'content-';
/** The type of a shared value's one event. */
export const CONTENT_EVENT_TYPE = 'ContentStored';
/** Metadata key of an event stored with references: `[path into data, sha256 hex][]`. */
export const CONTENT_REFS = 'contentRefs';
/** The same for values in the event's metadata: `[path into metadata, sha256 hex][]`. */
export const CONTENT_METADATA_REFS = 'contentRefsOfMetadata';

export type ContentPath = readonly string[];
export type ContentRef = [path: string[], sha256: string];

export interface ContentPolicy {
  /**
   * The places in `event.data` (key paths) that may hold a large shareable value, or undefined
   * when the event has none. Called for every appended event: keep it a cheap check.
   */
  shareable(event: NewEvent): readonly ContentPath[] | undefined;
  /**
   * The same for places in `event.metadata` (a command's secret part can carry a whole scenario);
   * optional, called for every appended event too.
   */
  shareableMetadata?(event: NewEvent): readonly ContentPath[] | undefined;
  /** Values whose JSON is shorter stay inline. */
  minBytes: number;
}

export interface SharedContentOptions {
  policy: ContentPolicy;
  /** Bound of the cache of values read back or written, in characters of their JSON. */
  cacheBytes: number;
}

/** An event refers to a value its store does not hold: the log is damaged, and reading it must not pass silently. */
export class SharedContentMissingError extends Error {
  override readonly name = 'SharedContentMissingError';
  constructor(
    readonly sha256: string,
    readonly streamId: string,
    readonly revision: number,
  ) {
    super(`Event ${revision} of ${streamId} refers to stored content ${sha256}, which the store does not hold (or holds altered)`);
  }
}

export const contentStreamId = (sha256: string): string => `${CONTENT_STREAM_PREFIX}${sha256}`;

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A UUID made from the hash, so a retried or concurrent store of one value carries one id. */
const contentEventId = (sha256: string): string =>
  `${sha256.slice(0, 8)}-${sha256.slice(8, 12)}-5${sha256.slice(13, 16)}-${((parseInt(sha256[16], 16) & 3) | 8).toString(16)}${sha256.slice(17, 20)}-${sha256.slice(20, 32)}`;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path`, or undefined. */
function valueAt(data: unknown, path: ContentPath): unknown {
  let at = data;
  for (const key of path) {
    if (!isObject(at) || !Object.prototype.hasOwnProperty.call(at, key)) return undefined;
    at = at[key];
  }
  return at;
}

/** `data` with `value` at `path`, copying only the objects along the path (the rest is shared). */
function withValueAt(data: unknown, path: ContentPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  const copy: Json = isObject(data) ? Object.assign({}, data) : {};
  copy[key] = withValueAt(copy[key], rest, value);
  return copy;
}

/** The event was stored with references (in its data or its metadata): reads put the values back. */
const refersToContent = (event: RecordedEvent): boolean => event.metadata[CONTENT_REFS] !== undefined || event.metadata[CONTENT_METADATA_REFS] !== undefined;

/** Every reference the event was stored with, in data and metadata. */
const contentRefsOf = (event: RecordedEvent): ContentRef[] => [
  ...((event.metadata[CONTENT_REFS] as ContentRef[] | undefined) ?? []),
  ...((event.metadata[CONTENT_METADATA_REFS] as ContentRef[] | undefined) ?? []),
];

export function withSharedContent(inner: EventStore, options: SharedContentOptions): EventStore {
  return new SharedContentEventStore(inner, options);
}

class SharedContentEventStore implements EventStore {
  readonly name: string;
  /** JSON texts by hash: each is parsed again per event, so no two readers share (and may change) one object. */
  private readonly cache: LRUCache<string, string>;
  private readonly reading = new Map<string, Promise<string | undefined>>();
  /** Values parsed and deeply frozen for readers that change no event, bounded like `cache`. */
  private readonly frozen: LRUCache<string, { value: unknown; size: number }>;
  readonly writesElsewhere?: () => number;
  readonly integrityProblems?: () => Promise<string[]>;
  readonly observeCommits?: (observer: CommitObserver | undefined) => void;
  readonly subscribeToAllBatches?: EventStore['subscribeToAllBatches'];

  constructor(
    private readonly inner: EventStore,
    private readonly options: SharedContentOptions,
  ) {
    this.name = inner.name;
    this.cache = new LRUCache<string, string>({ maxSize: options.cacheBytes, sizeCalculation: (text) => Math.max(1, text.length) });
    this.frozen = new LRUCache<string, { value: unknown; size: number }>({ maxSize: options.cacheBytes, sizeCalculation: (entry) => Math.max(1, entry.size) });
    // Optional on the port: absent stays absent ("cannot tell" is an answer of its own).
    if (inner.writesElsewhere) this.writesElsewhere = () => inner.writesElsewhere?.() ?? 0;
    if (inner.integrityProblems) this.integrityProblems = () => inner.integrityProblems?.() ?? Promise.resolve([]);
    if (inner.observeCommits) this.observeCommits = (observer) => inner.observeCommits?.(observer);
    const batches = inner.subscribeToAllBatches?.bind(inner);
    // A batch with no event that refers to shared values is handed on as it is, synchronously.
    if (batches) {
      this.subscribeToAllBatches = (options, handler) => {
        const readOnly = options.filter?.readOnly === true;
        return batches(options, (events) =>
          events.some(refersToContent) ? this.hydrateAll(events as RecordedEvent[], readOnly).then(handler) : handler(events),
        );
      };
    }
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // Most appends (every order after a game's first) share nothing: handed straight on, with no
    // promise of this decorator's own on the command path.
    for (let i = 0; i < events.length; i++) {
      if (this.sharesSomething(events[i])) return this.appendSharing(streamId, events, expected, i);
    }
    return this.inner.append(streamId, events, expected);
  }

  private sharesSomething(event: NewEvent): boolean {
    const { policy } = this.options;
    return policy.shareable(event) !== undefined || policy.shareableMetadata?.(event) !== undefined;
  }

  private async appendSharing(streamId: string, events: NewEvent[], expected: ExpectedRevision, from: number): Promise<AppendResult> {
    let stored = events;
    for (let i = from; i < events.length; i++) {
      if (!this.sharesSomething(events[i])) continue;
      const referring = await this.storeShared(events[i]);
      if (referring === events[i]) continue;
      if (stored === events) stored = events.slice();
      stored[i] = referring;
    }
    return this.inner.append(streamId, stored, expected);
  }

  /** The event as it is stored: its large values stored apart (first) and referenced. */
  private async storeShared(event: NewEvent): Promise<NewEvent> {
    const { policy } = this.options;
    const inData = await this.shareValues(event.data, policy.shareable(event));
    const inMetadata = await this.shareValues(event.metadata ?? {}, policy.shareableMetadata?.(event));
    if (inData.refs.length === 0 && inMetadata.refs.length === 0) return event;
    const metadata: Record<string, unknown> = { ...(inMetadata.refs.length > 0 ? (inMetadata.value as Json) : event.metadata) };
    if (inData.refs.length > 0) metadata[CONTENT_REFS] = inData.refs;
    if (inMetadata.refs.length > 0) metadata[CONTENT_METADATA_REFS] = inMetadata.refs;
    return { ...event, data: inData.value, metadata };
  }

  /** `value` with its large values at `paths` stored apart and left `null`, and their references. */
  private async shareValues(value: unknown, paths: readonly ContentPath[] | undefined): Promise<{ value: unknown; refs: ContentRef[] }> {
    const refs: ContentRef[] = [];
    let out = value;
    for (const path of paths ?? []) {
      const part = valueAt(out, path);
      if (part === undefined || part === null) continue;
      const text = JSON.stringify(part);
      if (text.length < this.options.policy.minBytes) continue;
      const sha256 = sha256Hex(text);
      await this.storeValue(sha256, text, part);
      refs.push([[...path], sha256]);
      out = withValueAt(out, path, null);
    }
    return { value: out, refs };
  }

  private async storeValue(sha256: string, text: string, value: unknown): Promise<void> {
    // In the cache means read from or written to the store: stored already.
    if (this.cache.has(sha256)) return;
    try {
      await this.inner.append(contentStreamId(sha256), [{ id: contentEventId(sha256), type: CONTENT_EVENT_TYPE, data: value }], 'no_stream');
    } catch (error) {
      // Someone (this server earlier, another server now) stored the same bytes.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    this.cache.set(sha256, text);
  }

  private async textOf(sha256: string): Promise<string | undefined> {
    const cached = this.cache.get(sha256);
    if (cached !== undefined) return cached;
    let pending = this.reading.get(sha256);
    if (!pending) {
      pending = this.readValue(sha256).finally(() => this.reading.delete(sha256));
      this.reading.set(sha256, pending);
    }
    return pending;
  }

  private async readValue(sha256: string): Promise<string | undefined> {
    const read = await this.inner.readStream(contentStreamId(sha256), { maxCount: 1 });
    const first = read.status === 'ok' ? read.events[0] : undefined;
    if (!first) return undefined;
    const text = JSON.stringify(first.data);
    // A value altered in the store would otherwise be folded as if it were the one recorded.
    if (sha256Hex(text) !== sha256) return undefined;
    this.cache.set(sha256, text);
    return text;
  }

  /**
   * The value stored under `sha256`: parsed afresh for every event, or, for a reader that changes
   * no event (`AllFilter.readOnly`), one deeply frozen object shared by every event that refers
   * to it (a rebuild then parses each scenario once, not once per game).
   */
  private async valueOf(sha256: string, readOnly: boolean): Promise<unknown> {
    if (readOnly) {
      const frozen = this.frozen.get(sha256);
      if (frozen !== undefined) return frozen.value;
    }
    const text = await this.textOf(sha256);
    if (text === undefined) return undefined;
    const value: unknown = JSON.parse(text);
    if (readOnly) this.frozen.set(sha256, { value: deepFreeze(value), size: text.length });
    return value;
  }

  private async hydrate(event: RecordedEvent, readOnly = false): Promise<RecordedEvent> {
    const data = await this.putBack(event, event.data, event.metadata[CONTENT_REFS] as ContentRef[] | undefined, readOnly);
    const metadata = (await this.putBack(event, event.metadata, event.metadata[CONTENT_METADATA_REFS] as ContentRef[] | undefined, readOnly)) as Json;
    const clean = metadata === event.metadata ? Object.assign({}, metadata) : metadata;
    delete clean[CONTENT_REFS];
    delete clean[CONTENT_METADATA_REFS];
    return { ...event, data, metadata: clean };
  }

  /** `value` with the stored values of `refs` put back in their places. */
  private async putBack(event: RecordedEvent, value: unknown, refs: ContentRef[] | undefined, readOnly: boolean): Promise<unknown> {
    let out = value;
    for (const [path, sha256] of refs ?? []) {
      const part = await this.valueOf(sha256, readOnly);
      if (part === undefined) throw new SharedContentMissingError(sha256, event.streamId, event.revision);
      out = withValueAt(out, path, part);
    }
    return out;
  }

  private async hydrateAll(events: RecordedEvent[], readOnly = false): Promise<RecordedEvent[]> {
    let out = events;
    for (let i = 0; i < events.length; i++) {
      if (!refersToContent(events[i])) continue;
      if (out === events) out = events.slice();
      out[i] = await this.hydrate(events[i], readOnly);
    }
    return out;
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<ReadStreamResult> {
    const result = await this.inner.readStream(streamId, options);
    return result.status === 'ok' ? { status: 'ok', events: await this.hydrateAll(result.events) } : result;
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    const events = await this.inner.readAll(options);
    const maxBytes = options?.maxBytes;
    const readOnly = options?.filter?.readOnly === true;
    if (maxBytes === undefined) return this.hydrateAll(events, readOnly);
    // The inner store measured the events as stored, their large values left out: the page is cut
    // again by what the values put back weigh (one event at least), so it stays a bounded piece of
    // memory; the caller reads on from its last event.
    const out: RecordedEvent[] = [];
    let bytes = 0;
    for (const event of events) {
      if (out.length > 0 && bytes >= maxBytes) break;
      if (!refersToContent(event)) {
        out.push(event);
        continue;
      }
      for (const [, sha256] of contentRefsOf(event)) bytes += (await this.textOf(sha256))?.length ?? 0;
      out.push(await this.hydrate(event, readOnly));
    }
    return out;
  }

  subscribeToAll(options?: SubscribeOptions): Observable<RecordedEvent> {
    const readOnly = options?.filter?.readOnly === true;
    return this.inner.subscribeToAll(options).pipe(inOrder((event) => (refersToContent(event) ? this.hydrate(event, readOnly) : event)));
  }

  subscribeToAllIterable(options?: SubscribeOptions): AsyncIterable<RecordedEvent> {
    const events = this.inner.subscribeToAllIterable(options);
    const readOnly = options?.filter?.readOnly === true;
    const hydrate = (event: RecordedEvent) => this.hydrate(event, readOnly);
    // The inner iterator's results handed on as they are, but for the events that refer to shared
    // values: no async generator between a projection and the store (its frames and promises, per
    // event and per projection, were most of what a live read model allocated here).
    return {
      [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
        const inner = events[Symbol.asyncIterator]();
        return {
          next: () =>
            inner
              .next()
              .then((result) =>
                result.done || !refersToContent(result.value) ? result : hydrate(result.value).then((value) => ({ done: false as const, value })),
              ),
          return: (value?: unknown) => (inner.return ? inner.return(value) : Promise.resolve({ done: true as const, value: undefined })),
          throw: (error?: unknown) => (inner.throw ? inner.throw(error) : Promise.reject(error)),
        };
      },
    };
  }

  lastPosition(filter?: AllFilter): Promise<bigint | undefined> {
    return this.inner.lastPosition(filter);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * `concatMap` for a map that is mostly synchronous: a value passes on at once while nothing waits
 * before it, and a promise holds back what follows until it settles, so the order stays that of
 * the source. A live feed then costs no inner observable per event (only events that refer to
 * shared values are read).
 */
export function inOrder<T>(map: (value: T) => T | Promise<T>): OperatorFunction<T, T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      // Values that came while a promise was pending; empty whenever none is.
      const waiting: T[] = [];
      let busy = false;
      let sourceDone = false;
      const pass = (mapped: T | Promise<T>): void => {
        if (!(mapped instanceof Promise)) return subscriber.next(mapped);
        busy = true;
        mapped.then(
          (value) => {
            busy = false;
            subscriber.next(value);
            while (!busy && waiting.length > 0) pass(map(waiting.shift() as T));
            if (!busy && sourceDone) subscriber.complete();
          },
          (error: unknown) => subscriber.error(error),
        );
      };
      const subscription = source.subscribe({
        next: (value) => (busy ? void waiting.push(value) : pass(map(value))),
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          sourceDone = true;
          if (!busy) subscriber.complete();
        },
      });
      return () => subscription.unsubscribe();
    });
}

/**
 * The transaction log of the test EventStoreDB: an in-memory `$all` with EventStoreDB's append
 * rules. Test support only (see README "A protocol-level EventStoreDB for tests").
 *
 * What it models, as EventStoreDB documents it:
 * - positions are log offsets (gaps between them), one per event; commit = prepare position;
 * - system records (`$`-prefixed types) are in `$all` too: an epoch record at every start and
 *   leader election, and `$streamDeleted` when a stream is tombstoned;
 * - expected revision `any` / `no_stream` / `stream_exists` / exact;
 * - idempotent retries: with `no_stream` or an exact revision the ids are compared with the
 *   events already stored after that revision (all match: the original result; some match: a
 *   conflict); with `any` / `stream_exists` only a bounded cache of recently written ids is
 *   consulted, and that cache belongs to the node (lost on restart and leader change).
 */
export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
}

export interface LogRecord extends ProposedEvent {
  streamId: string;
  revision: bigint;
  position: bigint;
  /** .NET ticks (100 ns since 0001-01-01), as the server sends `created`. */
  created: bigint;
}

export type Expected = { kind: 'any' } | { kind: 'no_stream' } | { kind: 'stream_exists' } | { kind: 'revision'; revision: bigint };

export type AppendOutcome =
  | { kind: 'success'; revision: bigint; position: bigint }
  | { kind: 'wrong_expected_version'; current: bigint | undefined; expected: Expected }
  | { kind: 'stream_deleted' };

/** Revision EventStoreDB gives the tombstone record of a hard-deleted stream (long.MaxValue). */
export const TOMBSTONE_REVISION = 2n ** 63n - 1n;
const FIRST_POSITION = 1024n;
const EPOCH_TICKS = 621_355_968_000_000_000n;

/** Recently written ids of one node, for `any` / `stream_exists` retries: bounded, volatile. */
export class RecentIds {
  private readonly ids = new Map<string, { streamId: string; revision: bigint }>();
  constructor(private readonly capacity = 1000) {}

  remember(record: LogRecord): void {
    this.ids.delete(record.id);
    this.ids.set(record.id, { streamId: record.streamId, revision: record.revision });
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.keys().next().value as string);
  }

  find(id: string, streamId: string): bigint | undefined {
    const seen = this.ids.get(id);
    return seen?.streamId === streamId ? seen.revision : undefined;
  }

  clear(): void {
    this.ids.clear();
  }
}

export class TestLog {
  readonly records: LogRecord[] = [];
  private readonly streams = new Map<string, LogRecord[]>();
  private readonly tombstoned = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private nextPosition = FIRST_POSITION;

  get headPosition(): bigint | undefined {
    return this.records.at(-1)?.position;
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stream(streamId: string): LogRecord[] | undefined {
    return this.streams.get(streamId);
  }

  isTombstoned(streamId: string): boolean {
    return this.tombstoned.has(streamId);
  }

  append(streamId: string, expected: Expected, events: ProposedEvent[], recent: RecentIds): AppendOutcome {
    if (this.tombstoned.has(streamId)) return { kind: 'stream_deleted' };
    const stream = this.streams.get(streamId) ?? [];
    const current = stream.length === 0 ? undefined : BigInt(stream.length - 1);
    const wrong: AppendOutcome = { kind: 'wrong_expected_version', current, expected };

    const checkedFrom = expected.kind === 'no_stream' ? 0 : expected.kind === 'revision' ? Number(expected.revision) + 1 : undefined;
    if (checkedFrom !== undefined) {
      // Exact check against what is stored after the expected revision.
      if (checkedFrom < stream.length) {
        const matches = events.filter((event, i) => stream[checkedFrom + i]?.id === event.id).length;
        if (matches === events.length) return this.original(stream[checkedFrom + events.length - 1]);
        return wrong;
      }
      if (checkedFrom !== stream.length) return wrong;
    } else {
      // Best effort: the node's cache of recent ids.
      const first = recent.find(events[0].id, streamId);
      if (first !== undefined) {
        const all = events.every((event, i) => recent.find(event.id, streamId) === first + BigInt(i));
        return all ? this.original(stream[Number(first) + events.length - 1]) : wrong;
      }
      if (expected.kind === 'stream_exists' && current === undefined) return wrong;
    }

    const written = events.map((event, i) => this.write(streamId, BigInt(stream.length + i), event));
    stream.push(...written);
    this.streams.set(streamId, stream);
    for (const record of written) recent.remember(record);
    this.notify();
    const last = written[written.length - 1];
    return { kind: 'success', revision: last.revision, position: last.position };
  }

  /** A system record (`$epoch`, statistics, …): counts in `$all`, matches no user filter. */
  appendSystem(streamId: string, type: string, data: object = {}): LogRecord {
    const stream = this.streams.get(streamId) ?? [];
    const record = this.write(streamId, BigInt(stream.length), {
      id: crypto.randomUUID(),
      type,
      contentType: 'application/json',
      data: Buffer.from(JSON.stringify(data)),
      metadata: new Uint8Array(),
    });
    stream.push(record);
    this.streams.set(streamId, stream);
    this.notify();
    return record;
  }

  /** Hard delete: the stream can never be written or read again; a `$streamDeleted` record goes into `$all`. */
  tombstone(streamId: string): void {
    this.write(streamId, TOMBSTONE_REVISION, {
      id: crypto.randomUUID(),
      type: '$streamDeleted',
      contentType: 'application/json',
      data: new Uint8Array(),
      metadata: new Uint8Array(),
    });
    this.tombstoned.add(streamId);
    this.notify();
  }

  /** Index of the first record strictly after `position` (binary search; positions rise). */
  indexAfter(position: bigint): number {
    let [low, high] = [0, this.records.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.records[middle].position <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Index of the first record at or after `position`. */
  indexAtOrAfter(position: bigint): number {
    return position <= 0n ? 0 : this.indexAfter(position - 1n);
  }

  private original(record: LogRecord): AppendOutcome {
    return { kind: 'success', revision: record.revision, position: record.position };
  }

  private write(streamId: string, revision: bigint, event: ProposedEvent): LogRecord {
    const record: LogRecord = {
      ...event,
      streamId,
      revision,
      position: this.nextPosition,
      created: BigInt(Date.now()) * 10_000n + EPOCH_TICKS,
    };
    // A log offset: records take room, so positions have gaps as on a real server.
    this.nextPosition += BigInt(64 + streamId.length + event.type.length + event.data.length + event.metadata.length);
    this.records.push(record);
    return record;
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

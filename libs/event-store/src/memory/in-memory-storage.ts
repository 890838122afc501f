import type { AllFilter, RecordedEvent } from '../event-store.port';
import type { StreamHead } from '../core/expected-revision';
import type { StoredEventRef } from '../core/stored-event-ref';
import { matchesFilter } from '../core/all-filter';
import type { AllQuery, LocalStorage, StreamQuery } from '../core/local-storage';
import { decodeRow, rowOf, type SerializedEvent, type StoredRow } from '../core/serialized-event';

/**
 * Makes V8 keep `text` as one flat string. An id built by concatenating slices of a longer
 * string (a hash's hex) otherwise keeps the whole tree and the string it was cut from: about
 * 330 bytes per stored event instead of 90. Converting a string to a number flattens it in place.
 */
const flatten = (text: string): void => void Number(text);

/** Rows in arrays; positions are 1-based indexes into `log`, like SQLite's rowids. */
export class InMemoryStorage implements LocalStorage {
  private readonly log: StoredRow[] = [];
  private readonly streams = new Map<string, StoredRow[]>();

  transaction(work: () => void): void {
    work();
  }

  /** `insert` cannot fail halfway, so there is nothing to undo. */
  isolated<T>(work: () => T): T {
    return work();
  }

  streamHead(streamId: string): StreamHead {
    const stream = this.streams.get(streamId);
    return stream ? stream.length - 1 : undefined;
  }

  eventRefs(query: StreamQuery): StoredEventRef[] {
    return this.slice(query) ?? [];
  }

  insert(streamId: string, firstRevision: number, events: readonly SerializedEvent[]): bigint[] {
    let stream = this.streams.get(streamId);
    // Every row of a stream shares one copy of its id (a caller's id is often a fresh string).
    let streamKey = stream?.[0]?.streamId;
    if (!stream || streamKey === undefined) {
      stream = [];
      streamKey = streamId;
      this.streams.set(streamId, stream);
    }
    return events.map((event, i) => {
      flatten(event.id);
      const row: StoredRow = rowOf(event, streamKey, firstRevision + i, BigInt(this.log.length + 1));
      this.log.push(row);
      stream.push(row);
      return row.position;
    });
  }

  readStream(query: StreamQuery): RecordedEvent[] | undefined {
    return this.slice(query)?.map(decodeRow);
  }

  readAll({ after, maxCount, filter }: AllQuery): RecordedEvent[] {
    const events: RecordedEvent[] = [];
    for (let i = after === undefined ? 0 : Number(after); i < this.log.length && events.length < maxCount; i++) {
      if (matchesFilter(this.log[i], filter)) events.push(decodeRow(this.log[i]));
    }
    return events;
  }

  lastPosition(filter?: AllFilter): bigint | undefined {
    for (let i = this.log.length - 1; i >= 0; i--) if (matchesFilter(this.log[i], filter)) return this.log[i].position;
    return undefined;
  }

  close(): void {}

  private slice({ streamId, direction, fromRevision, maxCount }: StreamQuery): StoredRow[] | undefined {
    const stream = this.streams.get(streamId);
    if (!stream) return undefined;
    if (direction === 'forwards') {
      const start = Math.max(0, fromRevision ?? 0);
      return stream.slice(start, start + Math.min(maxCount, stream.length));
    }
    const end = Math.min(fromRevision ?? stream.length - 1, stream.length - 1);
    const start = Math.max(0, end - Math.min(maxCount, stream.length) + 1);
    return stream.slice(start, end + 1).reverse();
  }
}

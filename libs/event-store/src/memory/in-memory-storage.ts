import type { StreamHead } from '../core/expected-revision';
import type { StoredEventRef } from '../core/idempotent-retry';
import { matchesFilter } from '../core/all-filter';
import { duplicateIdError } from '../core/local-commit';
import type { AllQuery, LocalStorage, StreamQuery } from '../core/local-storage';
import type { SerializedEvent, StoredRow } from '../core/serialized-event';

/** Rows in arrays; positions are 1-based indexes into `log`, like SQLite's rowids. */
export class InMemoryStorage implements LocalStorage {
  private readonly log: StoredRow[] = [];
  private readonly streams = new Map<string, StoredRow[]>();
  private readonly byId = new Map<string, StoredRow>();

  transaction(work: () => void): void {
    work();
  }

  /** `insert` checks before it writes, so a failing append has written nothing to undo. */
  isolated<T>(work: () => T): T {
    return work();
  }

  streamHead(streamId: string): StreamHead {
    const stream = this.streams.get(streamId);
    return stream ? stream.length - 1 : undefined;
  }

  findEvent(eventId: string): StoredEventRef | undefined {
    return this.byId.get(eventId);
  }

  insert(streamId: string, firstRevision: number, events: readonly SerializedEvent[]): bigint[] {
    const reused = events.find((event) => this.byId.has(event.id));
    if (reused) throw duplicateIdError(this, streamId, reused.id);
    const stream = this.streams.get(streamId) ?? [];
    this.streams.set(streamId, stream);
    return events.map((event, i) => {
      const row: StoredRow = { ...event, streamId, revision: firstRevision + i, position: BigInt(this.log.length + 1) };
      this.log.push(row);
      stream.push(row);
      this.byId.set(row.id, row);
      return row.position;
    });
  }

  readStream({ streamId, direction, fromRevision, maxCount }: StreamQuery): StoredRow[] | undefined {
    const stream = this.streams.get(streamId);
    if (!stream) return undefined;
    if (direction === 'forwards') {
      const start = fromRevision ?? 0;
      return stream.slice(start, start + Math.min(maxCount, stream.length));
    }
    const end = Math.min(fromRevision ?? stream.length - 1, stream.length - 1);
    const start = Math.max(0, end - Math.min(maxCount, stream.length) + 1);
    return stream.slice(start, end + 1).reverse();
  }

  readAll({ after, maxCount, filter }: AllQuery): StoredRow[] {
    const rows: StoredRow[] = [];
    for (let i = after === undefined ? 0 : Number(after); i < this.log.length && rows.length < maxCount; i++) {
      if (matchesFilter(this.log[i], filter)) rows.push(this.log[i]);
    }
    return rows;
  }

  lastPosition(): bigint | undefined {
    return this.log.length === 0 ? undefined : BigInt(this.log.length);
  }

  close(): void {}
}

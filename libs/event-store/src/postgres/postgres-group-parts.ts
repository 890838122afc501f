// The pieces of one group commit that hold data, apart from the commit's flow
// (postgres-commit.ts): the columns of its insert, and the reads its checks are answered from.
import type { AppendRequest } from '../core/append-batcher';
import { type CheckReads, type Checked, checkAppend } from '../core/local-commit';
import type { StreamHead } from '../core/expected-revision';
import type { StreamQuery } from '../core/local-storage';
import type { SerializedEvent } from '../core/serialized-event';
import type { StoredEventRef } from '../core/stored-event-ref';

/** The check asked for refs the first pass had not fetched: fetch them, then check again. */
export class RefsNeeded {
  constructor(readonly query: StreamQuery) {}
}

/** The rows of one group's insert, column by column. */
export class InsertRows {
  readonly positions: string[] = [];
  readonly streams: string[] = [];
  readonly revisions: number[] = [];
  readonly ids: string[] = [];
  readonly types: string[] = [];
  readonly versions: number[] = [];
  readonly metadata: string[] = [];
  readonly data: string[] = [];

  get count(): number {
    return this.positions.length;
  }

  add(position: bigint, streamId: string, revision: number, event: SerializedEvent): void {
    this.positions.push(position.toString());
    this.streams.push(streamId);
    this.revisions.push(revision);
    this.ids.push(event.id);
    this.types.push(event.type);
    this.versions.push(event.schemaVersion);
    this.metadata.push(event.metadata ?? '{}');
    this.data.push(event.data);
  }
}

export function tryCheck(reads: GroupReads, append: AppendRequest): Checked | RefsNeeded | { error: unknown } {
  try {
    return checkAppend(reads, append);
  } catch (error) {
    if (error instanceof RefsNeeded) return error;
    return { error };
  }
}

/**
 * The stream heads of a group, read under the lock, and the refs fetched for the appends whose
 * check needs them (retries, conflicts, 'any'): answered from memory, so the core check runs
 * unchanged on what one round trip brought.
 */
export class GroupReads implements CheckReads {
  private readonly refs = new Map<string, StoredEventRef[]>();

  constructor(private readonly heads: Map<string, number>) {}

  streamHead(streamId: string): StreamHead {
    return this.heads.get(streamId);
  }

  eventRefs(query: StreamQuery): StoredEventRef[] {
    const answer = this.refs.get(keyOf(query));
    if (!answer) throw new RefsNeeded(query);
    return answer;
  }

  answer(queries: readonly StreamQuery[], answers: readonly StoredEventRef[][]): void {
    queries.forEach((query, i) => this.refs.set(keyOf(query), answers[i]));
  }
}

const keyOf = ({ streamId, direction, fromRevision, maxCount }: StreamQuery): string => JSON.stringify([streamId, direction, fromRevision, maxCount]);

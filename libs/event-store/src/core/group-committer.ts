import type { AppendRequest, PendingAppend } from './append-batcher';
import { commitGroup, type CommitOutcome } from './local-commit';
import type { LocalStorage } from './local-storage';

/** Hears a committed group before its callers are answered (live subscribers, in global order). */
export type PublishGroup = (batch: readonly AppendRequest[], outcomes: readonly CommitOutcome[]) => void;

/**
 * Where a local store's groups of appends are committed: in the calling thread (memory, SQLite
 * ':memory:') or by a writer thread that owns its own connection (SQLite on a file). Either way
 * every append of `batch` is settled, after its commit is durable, and `publish` hears first.
 */
export interface GroupCommitter {
  /** Settles every append of `batch`, now or once the writer reports the commit. */
  commit(batch: PendingAppend[], publish: PublishGroup | undefined): void;
  /** How many transactions committed how many appends (for tests and bench). */
  readonly stats: { transactions: number; appends: number };
  /** See `EventStore.writesElsewhere`; absent: the storage's own answer (or none). */
  writesElsewhere?(): number;
  /** Rejects when appends cannot be committed (a writer thread that stopped, or never started). */
  assertHealthy?(): Promise<void>;
  /** Settles every append it was given, then releases what it holds. */
  close(): Promise<void> | void;
}

/** The group's transaction runs right here, synchronously, on the storage the store reads. */
export class InThreadCommitter implements GroupCommitter {
  readonly stats = { transactions: 0, appends: 0 };

  constructor(private readonly storage: LocalStorage) {}

  commit(batch: PendingAppend[], publish: PublishGroup | undefined): void {
    this.stats.transactions += 1;
    this.stats.appends += batch.length;
    commitGroup(this.storage, batch, publish);
  }

  close(): void {}
}

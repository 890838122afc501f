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
  /** Returns a promise when the commit finishes later (the batcher then keeps one group in flight). */
  commit(batch: PendingAppend[], publish: PublishGroup | undefined): void | Promise<void>;
  /** See `EventStore.writesElsewhere`; absent: the storage's own answer (or none). */
  writesElsewhere?(): number;
  /** Throws when appends cannot be committed any more (a writer thread that stopped). */
  assertHealthy?(): void;
  /** After every accepted append was committed: releases what the committer holds. */
  close(): Promise<void> | void;
}

/** The group's transaction runs right here, synchronously, on the storage the store reads. */
export class InThreadCommitter implements GroupCommitter {
  constructor(private readonly storage: LocalStorage) {}

  commit(batch: PendingAppend[], publish: PublishGroup | undefined): void {
    commitGroup(this.storage, batch, publish);
  }

  close(): void {}
}

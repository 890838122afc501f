import { performance } from 'node:perf_hooks';
import type { CommitObserver } from '../event-store.port';
import type { AppendRequest, PendingAppend } from './append-batcher';
import { commitGroup, type CommitOutcome } from './local-commit';
import type { LocalStorage } from './local-storage';

/** Hears a committed group before its callers are answered (live subscribers, in global order). */
export type PublishGroup = (batch: readonly AppendRequest[], outcomes: readonly CommitOutcome[]) => void;

/**
 * Commits a local store's groups of appends on the event loop's thread, synchronously, on the
 * storage the store also reads (memory; SQLite on a file or ':memory:'): one transaction, and
 * for SQLite one fsync, per group. Every append of a group is settled once its commit is
 * durable, and `publish` hears first.
 */
export class GroupCommitter {
  /** How many transactions committed how many appends (for tests and bench). */
  readonly stats = { transactions: 0, appends: 0 };
  /** Hears each group (metrics); the clock is read only while someone listens. */
  observer: CommitObserver | undefined;

  constructor(private readonly storage: LocalStorage) {}

  commit(batch: PendingAppend[], publish: PublishGroup | undefined): void {
    this.stats.transactions += 1;
    this.stats.appends += batch.length;
    const observer = this.observer;
    if (observer === undefined) return commitGroup(this.storage, batch, publish);
    const started = performance.now();
    try {
      commitGroup(this.storage, batch, publish);
    } finally {
      observer(batch.length, (performance.now() - started) / 1000);
    }
  }
}

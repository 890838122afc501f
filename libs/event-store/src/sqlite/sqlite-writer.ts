import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PendingAppend } from '../core/append-batcher';
import type { GroupCommitter, PublishGroup } from '../core/group-committer';
import { settle } from '../core/local-commit';
import { EventStoreUnavailableError } from '../errors';
import { FOREIGN, type FromWriter, OWN, POSITION_SLOTS, type ToWriter, type WriterData, fromWire, outcomeFromWire } from './sqlite-writer-protocol';
import type { SqliteStorage } from './sqlite-storage';

interface Group {
  batch: PendingAppend[];
  publish: PublishGroup | undefined;
  done: () => void;
}

/** How the writer thread's connection is set up (what it reported when it opened the file). */
export interface WriterSettings {
  /** PRAGMA synchronous: 2 is FULL (an fsync at every commit). */
  synchronous: number;
  journalMode: string;
}

/**
 * Commits groups of appends in a worker thread that owns its own better-sqlite3 connection, so
 * the inserts and the COMMIT's fsync no longer block the event loop; the main thread keeps its
 * connection for reads. An append is answered when the writer reports its group committed
 * (synchronous=FULL: the fsync is done), live subscribers first. The main connection may read
 * a committed group before that report arrives: catch-up subscriptions skip by position what
 * they have already delivered, so nothing is heard twice.
 *
 * If the thread dies, every append in flight or sent later fails with EventStoreUnavailableError
 * (the outcome of a group in flight is unknown: retrying with the same event ids is safe).
 */
export class SqliteWriterThread implements GroupCommitter {
  private readonly worker: Worker;
  private readonly positions = new BigInt64Array(new SharedArrayBuffer(POSITION_SLOTS * 8));
  private readonly groups: Group[] = [];
  private failure: Error | undefined;
  private closing = false;
  private readonly exited: Promise<void>;
  readonly settings: Promise<WriterSettings>;
  /** writesElsewhere: the reader's data_version count last seen, the foreign count, the highest position counted. */
  private seenChanges: number;
  private foreignWrites = 0;
  private countedUpTo: bigint;

  constructor(
    private readonly filename: string,
    private readonly reader: SqliteStorage,
  ) {
    const last = reader.lastPosition() ?? 0n;
    this.countedUpTo = last;
    this.positions[OWN] = last;
    this.seenChanges = reader.writesElsewhere();
    this.worker = startWorker({ filename, positions: this.positions.buffer as SharedArrayBuffer });
    this.worker.unref();
    let ready: (settings: WriterSettings) => void = () => undefined;
    this.settings = new Promise((resolve) => (ready = resolve));
    this.worker.on('message', (message: FromWriter) => {
      if (message.kind === 'ready') ready({ synchronous: message.synchronous, journalMode: message.journalMode });
      else if (message.kind === 'committed') this.answer((group) => settle(group.batch, message.outcomes.map(outcomeFromWire), group.publish));
      else if (message.kind === 'failed') this.answer((group) => group.batch.forEach((append) => append.reject(fromWire(message.error))));
    });
    this.worker.on('error', (error) => (this.failure ??= error));
    this.exited = new Promise((resolve) =>
      this.worker.on('exit', (code) => {
        if (!this.closing || this.groups.length > 0) {
          this.failure ??= new Error(`SQLite writer thread for ${filename} stopped (exit code ${code})`);
        }
        this.failure ??= new Error(`SQLite writer thread for ${filename} is closed`);
        for (const group of this.groups.splice(0)) this.fail(group.batch), group.done();
        resolve();
      }),
    );
  }

  commit(batch: PendingAppend[], publish: PublishGroup | undefined): void | Promise<void> {
    if (this.failure) return this.fail(batch);
    const message: ToWriter = { kind: 'commit', appends: batch.map(({ streamId, expected, events }) => ({ streamId, expected, events })) };
    this.worker.postMessage(message);
    if (this.groups.length === 0) this.worker.ref(); // a commit in flight keeps the process alive, as a queued one does
    return new Promise((done) => this.groups.push({ batch, publish, done }));
  }

  /**
   * Counts only OTHER connections' commits: the reader's data_version also moves for this
   * store's own writer, so when it moved, the file's last position tells whose rows they are.
   */
  writesElsewhere(): number {
    const changes = this.reader.writesElsewhere();
    if (changes === this.seenChanges) return this.foreignWrites;
    this.seenChanges = changes;
    const last = this.reader.lastPosition() ?? 0n;
    const own = Atomics.load(this.positions, OWN);
    const foreign = Atomics.load(this.positions, FOREIGN);
    const highest = last > own && last > foreign ? last : foreign;
    if (highest > this.countedUpTo) {
      this.foreignWrites += 1;
      this.countedUpTo = highest;
    }
    return this.foreignWrites;
  }

  assertHealthy(): void {
    if (this.failure) throw new EventStoreUnavailableError('sqlite', this.failure);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (!this.failure) {
      this.worker.ref();
      this.worker.postMessage({ kind: 'close' } satisfies ToWriter);
    }
    await this.exited;
  }

  private answer(settleGroup: (group: Group) => void): void {
    const group = this.groups.shift();
    if (!group) return;
    if (this.groups.length === 0) this.worker.unref();
    try {
      settleGroup(group);
    } finally {
      group.done();
    }
  }

  private fail(batch: readonly PendingAppend[]): void {
    const error = new EventStoreUnavailableError('sqlite', this.failure);
    for (const append of batch) append.reject(error);
  }
}

/**
 * Compiled (dist/…/sqlite-writer.worker.js) the worker is a file of its own. Run from the
 * TypeScript sources (tests, benchmarks, the CLI under @swc-node/register) it registers the
 * same compiler in the new thread first: a worker does not inherit the parent's require hooks.
 */
function startWorker(data: WriterData): Worker {
  const entry = join(__dirname, `sqlite-writer.worker${extname(__filename)}`);
  if (extname(__filename) !== '.ts') return new Worker(entry, { workerData: data });
  const code = `require('@swc-node/register'); require(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true, workerData: data });
}

import type { Worker } from 'node:worker_threads';
import type { PendingAppend } from '../core/append-batcher';
import type { GroupCommitter, PublishGroup } from '../core/group-committer';
import { type CommitOutcome, settle } from '../core/local-commit';
import { EventStoreUnavailableError } from '../errors';
import { FOREIGN, type FromWriter, OWN, POSITION_SLOTS, type ToWriter, type WriterData, encodeAppends, fromWire, outcomesFromWire } from './sqlite-writer-protocol';
import type { SqliteStorage } from './sqlite-storage';
import { startSqliteWorker } from './sqlite-worker';

interface Group {
  batch: PendingAppend[];
  publish: PublishGroup | undefined;
}

/** Committed appends waiting to be answered (a few at a time: see ANSWER_SLICE). */
interface Answer {
  append: PendingAppend;
  outcome: CommitOutcome;
  publish: PublishGroup | undefined;
}

/**
 * Callers answered per turn of the event loop. Their next orders are decided in that turn and
 * sent as one group at its end, while the writer is still committing the groups before: the
 * main thread and the writer work at the same time instead of taking turns with all games at
 * once. The answers wait only for the main thread, which would run their callers one by one anyway.
 */
const ANSWER_SLICE = 32;

/** How the writer thread's connection is set up (what it reported when it opened the file). */
export interface WriterSettings {
  /** PRAGMA synchronous: 2 is FULL (an fsync at every commit). */
  synchronous: number;
  journalMode: string;
}

/**
 * Commits groups of appends in a worker thread that owns its own better-sqlite3 connection, so
 * the inserts and the COMMIT's fsync no longer block the event loop; the main thread keeps its
 * connection for reads. An append is answered when the writer reports its transaction committed
 * (synchronous=FULL: the fsync is done), live subscribers first, in commit order. The main
 * connection may read a committed group before that report arrives: catch-up subscriptions
 * skip by position what they have already delivered, so nothing is heard twice.
 *
 * If the thread dies, every append in flight or sent later fails with EventStoreUnavailableError
 * (the outcome of a group in flight is unknown: retrying with the same event ids is safe).
 */
export class SqliteWriterThread implements GroupCommitter {
  readonly stats = { transactions: 0, appends: 0 };
  readonly settings: Promise<WriterSettings>;
  private readonly worker: Worker;
  private readonly positions = new BigInt64Array(new SharedArrayBuffer(POSITION_SLOTS * 8));
  /** Sent, not yet reported on by the writer. */
  private readonly sent: Group[] = [];
  private answers: Answer[] = [];
  private answering: NodeJS.Immediate | undefined;
  /** For slicing answers: when the slice in progress was answered, main-thread ms per answer, the writer's last transaction. */
  private sliceStarted: number | undefined;
  private mainMsPerAnswer: number | undefined;
  private lastCommitMs = 0;
  private failure: Error | undefined;
  private closing = false;
  private readonly exited: Promise<void>;
  /** writesElsewhere: the reader's count of data_version changes last seen, the foreign count, the highest position counted. */
  private seenChanges: number;
  private foreignWrites = 0;
  private countedUpTo: bigint;

  constructor(filename: string, private readonly reader: SqliteStorage, maxBatchSize: number) {
    const last = reader.lastPosition() ?? 0n;
    this.countedUpTo = last;
    this.positions[OWN] = last;
    this.seenChanges = reader.writesElsewhere();
    this.worker = startSqliteWorker('sqlite-writer.worker', { filename, maxBatchSize, positions: this.positions.buffer as SharedArrayBuffer } satisfies WriterData);
    this.worker.unref();
    let ready: (settings: WriterSettings) => void = () => undefined;
    this.settings = new Promise((resolve) => (ready = resolve));
    this.worker.on('message', (message: FromWriter) => {
      if (message.kind === 'ready') ready({ synchronous: message.synchronous, journalMode: message.journalMode });
      else if (message.kind === 'committed') {
        this.lastCommitMs = message.ms;
        this.committed(message.groups, outcomesFromWire(message.outcomes));
      }
      else if (message.kind === 'failed') {
        const error = fromWire(message.error);
        this.committed(message.groups, undefined, error);
      }
    });
    this.worker.on('error', (error) => (this.failure ??= error));
    this.exited = new Promise((resolve) =>
      this.worker.on('exit', (code) => {
        if (!this.closing || this.sent.length > 0) {
          this.failure ??= new Error(`SQLite writer thread for ${filename} stopped (exit code ${code})`);
        }
        this.failure ??= new Error(`SQLite writer thread for ${filename} is closed`);
        this.answerAll();
        for (const group of this.sent.splice(0)) this.fail(group.batch);
        resolve();
      }),
    );
  }

  commit(batch: PendingAppend[], publish: PublishGroup | undefined): void {
    if (this.failure) return this.fail(batch);
    const message: ToWriter = { kind: 'commit', appends: encodeAppends(batch) };
    this.worker.postMessage(message);
    if (this.sent.length === 0) this.worker.ref(); // a commit in flight keeps the process alive, as a queued one does
    this.sent.push({ batch, publish });
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

  /** Once the writer has opened the file (or died trying): a server that cannot write fails its start-up check. */
  async assertHealthy(): Promise<void> {
    await Promise.race([this.settings, this.exited]);
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

  /** One transaction of the writer, covering the next `groups` groups sent. */
  private committed(groups: number, outcomes: CommitOutcome[] | undefined, error?: Error): void {
    const covered = this.sent.splice(0, groups);
    if (this.sent.length === 0) this.worker.unref();
    this.stats.transactions += 1;
    let i = 0;
    for (const { batch, publish } of covered) {
      this.stats.appends += batch.length;
      for (const append of batch) this.answers.push({ append, outcome: outcomes?.[i++] ?? { ok: false, error }, publish });
    }
    if (!this.answering) this.answerSlice();
  }

  private answerSlice(size = ANSWER_SLICE): void {
    this.answering = undefined;
    const started = performance.now();
    if (this.sliceStarted !== undefined) {
      // What the main thread spent on each caller of the previous slice (their decisions, up to their appends).
      const perAnswer = (started - this.sliceStarted) / ANSWER_SLICE;
      this.mainMsPerAnswer = this.mainMsPerAnswer === undefined ? perAnswer : (this.mainMsPerAnswer + perAnswer) / 2;
      this.sliceStarted = undefined;
    }
    const slice = this.answers.length <= size ? this.answers : this.answers.slice(0, size);
    this.answers = slice === this.answers ? [] : this.answers.slice(size);
    settle(
      slice.map((answer) => answer.append),
      slice.map((answer) => answer.outcome),
      slice[0]?.publish,
    );
    if (this.answers.length === 0) return;
    // Answer the rest now when the writer is busy with groups already sent (a group sent now would
    // only wait, and a larger one later costs fewer commits), or when the callers take so little of
    // the main thread that the writer could not start on their group before the rest is decided.
    const restMs = this.answers.length * (this.mainMsPerAnswer ?? Number.POSITIVE_INFINITY);
    if (this.sent.length > 0 || restMs < this.lastCommitMs) return this.answerSlice(Number.POSITIVE_INFINITY);
    // Twice: the callers just answered append in this turn, and their group is sent by the
    // batcher's setImmediate; the next slice comes after it.
    this.sliceStarted = started;
    this.answering = setImmediate(() => (this.answering = setImmediate(() => this.answerSlice())));
  }

  /** Everything reported committed, at once (the writer is gone: nothing else to wait for). */
  private answerAll(): void {
    if (this.answering) clearImmediate(this.answering);
    this.sliceStarted = undefined;
    this.answerSlice(Number.POSITIVE_INFINITY);
  }

  private fail(batch: readonly PendingAppend[]): void {
    const error = new EventStoreUnavailableError('sqlite', this.failure);
    for (const append of batch) append.reject(error);
  }
}

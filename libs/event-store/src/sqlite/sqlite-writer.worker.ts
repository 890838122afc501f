// The SQLite writer thread: owns the connection that commits, and runs the same group commit as
// the in-thread store (local-commit.ts). Groups that arrived while it was committing are joined
// into its next transaction (up to maxBatchSize appends): one fsync for all of them.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { AppendRequest } from '../core/append-batcher';
import { commitOutcomes } from '../core/local-commit';
import { FOREIGN, type FromWriter, OWN, type ToWriter, type WriterData, decodeAppends, outcomesToWire, toWire } from './sqlite-writer-protocol';
import { SqliteStorage } from './sqlite-storage';

/** The storage, publishing where its commits end and where others' rows lie (see `OWN`, `FOREIGN`). */
class WriterStorage extends SqliteStorage {
  private committedUpTo: bigint;

  constructor(
    filename: string,
    private readonly positions: BigInt64Array,
  ) {
    super(filename);
    this.committedUpTo = Atomics.load(positions, OWN);
  }

  override transaction(work: () => void): void {
    let committed = false;
    try {
      super.transaction(() => {
        // Under the write lock: rows past our last commit were written by another connection.
        const before = this.lastPosition() ?? 0n;
        if (before !== this.committedUpTo) Atomics.store(this.positions, FOREIGN, before);
        work();
        Atomics.store(this.positions, OWN, this.lastPosition() ?? 0n);
      });
      committed = true;
    } finally {
      if (committed) this.committedUpTo = Atomics.load(this.positions, OWN);
      else Atomics.store(this.positions, OWN, this.committedUpTo);
    }
  }
}

const port = parentPort;
if (!port) throw new Error('sqlite-writer.worker runs as a worker thread');
const { filename, positions, maxBatchSize } = workerData as WriterData;
const storage = new WriterStorage(filename, new BigInt64Array(positions));
const answer = (message: FromWriter) => port.postMessage(message);
const db = (storage as unknown as { db: import('better-sqlite3').Database }).db;
answer({
  kind: 'ready',
  synchronous: db.pragma('synchronous', { simple: true }) as number,
  journalMode: db.pragma('journal_mode', { simple: true }) as string,
});

/** Messages taken from the port, not handled yet. */
const waiting: ToWriter[] = [];
const nextWaiting = (): ToWriter | undefined => {
  if (waiting.length === 0) {
    const received = receiveMessageOnPort(port);
    if (received) waiting.push(received.message as ToWriter);
  }
  return waiting[0];
};

port.on('message', (message: ToWriter) => {
  waiting.push(message);
  for (let first = nextWaiting(); first; first = nextWaiting()) {
    waiting.shift();
    if (first.kind === 'close') {
      storage.close();
      answer({ kind: 'closed' });
      port.close();
      return;
    }
    const appends: AppendRequest[] = decodeAppends(first.appends);
    let groups = 1;
    for (let next = nextWaiting(); next?.kind === 'commit'; next = nextWaiting()) {
      const more = decodeAppends(next.appends);
      if (appends.length + more.length > maxBatchSize) break;
      waiting.shift();
      appends.push(...more);
      groups += 1;
    }
    try {
      const started = performance.now();
      const outcomes = outcomesToWire(commitOutcomes(storage, appends));
      answer({ kind: 'committed', groups, outcomes, ms: performance.now() - started });
    } catch (error) {
      answer({ kind: 'failed', groups, error: toWire(error) });
    }
  }
});

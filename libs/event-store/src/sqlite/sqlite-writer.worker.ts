// The SQLite writer thread: owns the connection that commits, and runs the same group commit as
// the in-thread store (local-commit.ts), one group per message, in the order they come.
import { parentPort, workerData } from 'node:worker_threads';
import { commitOutcomes } from '../core/local-commit';
import { FOREIGN, type FromWriter, OWN, type ToWriter, type WriterData, outcomeToWire, toWire } from './sqlite-writer-protocol';
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
const { filename, positions } = workerData as WriterData;
const storage = new WriterStorage(filename, new BigInt64Array(positions));
const answer = (message: FromWriter) => port.postMessage(message);
const db = (storage as unknown as { db: import('better-sqlite3').Database }).db;
answer({
  kind: 'ready',
  synchronous: db.pragma('synchronous', { simple: true }) as number,
  journalMode: db.pragma('journal_mode', { simple: true }) as string,
});

port.on('message', (message: ToWriter) => {
  if (message.kind === 'close') {
    storage.close();
    answer({ kind: 'closed' });
    port.close();
    return;
  }
  try {
    answer({ kind: 'committed', outcomes: commitOutcomes(storage, message.appends).map(outcomeToWire) });
  } catch (error) {
    answer({ kind: 'failed', error: toWire(error) });
  }
});

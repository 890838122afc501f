import type Database from 'better-sqlite3';
import { startSqliteWorker } from './sqlite-worker';

/** Lines of `PRAGMA quick_check` reported at most (SQLite stops looking after them). */
const MOST_LINES = 10;

/** `PRAGMA quick_check` on `db`: [] when the file is sound, otherwise what SQLite found, each line naming the file. */
export function quickCheck(db: Database.Database, filename: string): string[] {
  try {
    const rows = db.pragma(`quick_check(${MOST_LINES})`, { simple: false }) as Array<Record<string, string>>;
    const lines = rows.map((row) => String(Object.values(row)[0]));
    return lines.length === 1 && lines[0] === 'ok' ? [] : lines.map((line) => `${filename}: ${line}`);
  } catch (error) {
    return [`${filename}: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** What the integrity worker answers: the problems found, and the thread that found them. */
export interface IntegrityReport {
  problems: string[];
  threadId: number;
}

/**
 * Runs the quick_check in a worker thread on a read-only connection of its own: it reads the
 * whole file (seconds on a large store), and on the event loop it would stall every request
 * for that long. WAL lets it read a consistent snapshot while the main connection commits.
 * `stop` ends a check in progress (the store is closing); its promise then reports that.
 */
export function checkInWorker(filename: string): { report: Promise<IntegrityReport>; stop: () => Promise<void> } {
  const worker = startSqliteWorker('sqlite-integrity.worker', { filename });
  let stopped = false;
  const report = new Promise<IntegrityReport>((resolve) => {
    const failed = (reason: string) => resolve({ problems: [`${filename}: integrity check ${reason}`], threadId: worker.threadId });
    worker.once('message', (message: IntegrityReport) => resolve(message));
    worker.once('error', (error) => failed(`failed: ${error.message}`));
    worker.once('exit', (code) => failed(stopped ? 'stopped: the store was closed' : `stopped (exit code ${code})`));
  });
  return {
    report,
    stop: async () => {
      stopped = true;
      await worker.terminate();
    },
  };
}

// The integrity check's thread (sqlite-integrity.ts): one read-only connection, one
// quick_check, one answer, then the thread ends.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { type IntegrityReport, quickCheck } from './sqlite-integrity';

const port = parentPort;
if (!port) throw new Error('sqlite-integrity.worker runs as a worker thread');
const { filename } = workerData as { filename: string };
let problems: string[];
try {
  const db = new Database(filename, { readonly: true, fileMustExist: true });
  try {
    problems = quickCheck(db, filename);
  } finally {
    db.close();
  }
} catch (error) {
  problems = [`${filename}: ${error instanceof Error ? error.message : String(error)}`];
}
port.postMessage({ problems, threadId } satisfies IntegrityReport);

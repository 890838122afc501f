// The reader thread of a SQLite store (sqlite-reader.ts): one read-only connection of its own,
// answering each read of all events with its pages' JSON texts, built by SQLite (sqlite-pages.ts).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { AllQuery } from '../core/local-storage';
import { SqlitePages } from './sqlite-pages';
import type { ReaderAnswer } from './sqlite-reader';

const port = parentPort;
if (!port) throw new Error('sqlite-reader.worker runs as a worker thread');
const { filename, pageBytes } = workerData as { filename: string; pageBytes: number };
const db = new Database(filename, { readonly: true, fileMustExist: true });
// The store's own connection may be checkpointing the WAL at that moment.
db.pragma('busy_timeout = 5000');
const typeKey = db.prepare('SELECT type_key FROM event_types WHERE type = ?').pluck();
const pages = new SqlitePages(db, pageBytes, (type) => typeKey.get(type) as number | undefined);

port.on('message', ({ id, query }: { id: number; query: AllQuery }) => {
  let answer: ReaderAnswer;
  try {
    answer = { id, texts: pages.allTexts(query) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});

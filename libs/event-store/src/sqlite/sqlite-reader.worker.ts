// The reader thread of a SQLite store (sqlite-reader.ts): one read-only connection of its own,
// answering each read of all events with its pages' JSON texts, built by SQLite (sqlite-pages.ts).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { AllQuery } from '../core/local-storage';
import { SqlitePages, type PageText } from './sqlite-pages';
import type { ReaderAnswer } from './sqlite-reader';

const port = parentPort;
if (!port) throw new Error('sqlite-reader.worker runs as a worker thread');
const { filename, pageBytes } = workerData as { filename: string; pageBytes: number };
const db = new Database(filename, { readonly: true, fileMustExist: true });
// The store's own connection may be checkpointing the WAL at that moment.
db.pragma('busy_timeout = 5000');
const typeKey = db.prepare('SELECT type_key FROM event_types WHERE type = ?').pluck();
const pages = new SqlitePages(db, pageBytes, (type) => typeKey.get(type) as number | undefined);

/**
 * The next pages of the last read, built before they are asked for: a long read (a rebuild) asks
 * for the pages after the one it was given next, so they are built while the event loop parses and
 * folds that one. Only pages that stopped at the read's count or bytes are kept for the asking:
 * they hold every row up to their last position, as a read made when asked would (the log's rows
 * never change, and later commits come after them). Pages that reached the end of the log then
 * could miss an append acknowledged since: those are read again when asked for.
 */
let ahead: { shape: string; after: number; texts: PageText[] } | undefined;
const shapeOf = ({ maxCount, maxBytes, filter }: AllQuery) => JSON.stringify([maxCount, maxBytes ?? null, filter ?? null]);

port.on('message', ({ id, query }: { id: number; query: AllQuery }) => {
  const shape = shapeOf(query);
  const after = query.after === undefined ? -1 : Number(query.after);
  const built = ahead?.shape === shape && ahead.after === after ? ahead.texts : undefined;
  ahead = undefined;
  let answer: ReaderAnswer;
  try {
    answer = { id, texts: built ?? pages.allTexts(query) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
  const last = answer.texts?.at(-1);
  if (!last?.full) return;
  try {
    const texts = pages.allTexts({ ...query, after: BigInt(last.lastPosition) });
    if (texts.at(-1)?.full) ahead = { shape, after: last.lastPosition, texts };
  } catch {
    // Asked for, it fails again and answers why.
  }
});

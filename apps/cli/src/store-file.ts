// What `backup` and `restore` share: reading and checking a SQLite store file that no server
// writes through this connection (a read-only one, or a copy of our own).
import Database from 'better-sqlite3';
import { SQLITE_SCHEMA_VERSION } from '@logbook/event-store';

/** Pages copied per step of the online backup: all of them, so the copy is one read transaction. */
const WHOLE_FILE = 0x7fffffff;

/**
 * Copies the SQLite file `source` into `target` (a new file) with SQLite's online backup API, on
 * a read-only connection: a server may hold the file and write meanwhile (WAL lets a reader
 * see one committed state). The copy is taken in one step, so it is one consistent state (a
 * step-by-step copy restarts whenever another connection writes, forever under steady load).
 * The copy is left in rollback-journal mode: one self-contained file.
 */
export async function copyStoreFile(source: string, target: string): Promise<void> {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target, { progress: () => WHOLE_FILE });
  } finally {
    db.close();
  }
  const copy = new Database(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export interface StoreFileCheck {
  problems: string[];
  schemaVersion: number;
}

/** `PRAGMA integrity_check` and the schema version of a store file (a newer one than this Logbook knows is a problem). */
export function checkStoreFile(file: string): StoreFileCheck {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { problems: [`${file}: ${error instanceof Error ? error.message : String(error)}`], schemaVersion: 0 };
  }
  try {
    const rows = db.pragma('integrity_check(10)', { simple: false }) as Array<Record<string, string>>;
    const lines = rows.map((row) => String(Object.values(row)[0]));
    const problems = lines.length === 1 && lines[0] === 'ok' ? [] : lines.map((line) => `${file}: ${line}`);
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    if (schemaVersion > SQLITE_SCHEMA_VERSION) problems.push(`${file}: schema v${schemaVersion}; this Logbook knows up to v${SQLITE_SCHEMA_VERSION}`);
    // v2 keeps its events in `log`; a v1 file (migrated when opened) in a table `events`.
    const logTables = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('log', 'events')").pluck().get() as number;
    if (logTables === 0) problems.push(`${file}: not a Logbook event store (no table of events)`);
    return { problems, schemaVersion };
  } catch (error) {
    return { problems: [`${file}: ${error instanceof Error ? error.message : String(error)}`], schemaVersion: 0 };
  } finally {
    db.close();
  }
}

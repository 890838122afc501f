import Database from 'better-sqlite3';

/**
 * Opens (or creates) a read model's SQLite file, set up the same way for every read model: WAL, so
 * queries read while the runner writes; `synchronous = NORMAL`, because a read model can always be
 * rebuilt from the log (a lost write costs a replay, not data); a busy timeout, since the server
 * and the command line may open the same file.
 */
export function openReadModelDatabase(filename: string): Database.Database {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // A row rewritten after an erasure must not leave its old names in the file's free space.
  db.pragma('secure_delete = ON');
  return db;
}

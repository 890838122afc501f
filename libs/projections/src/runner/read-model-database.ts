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

/**
 * Makes `table` a rowid table again where an earlier version made it WITHOUT ROWID, keeping its
 * rows (one transaction, columns copied by name). Its rows hold a JSON document each (kilobytes):
 * a WITHOUT ROWID table keeps each row in its key's b-tree, where a row past a few hundred bytes
 * spills into overflow pages, and writing those rows cost three to four times what it costs in a
 * rowid table (a rebuild writes every one of them). `create(name)` makes the table as it is now;
 * call this after the columns an older file lacks are added, and make the table's other indexes
 * after it (an index of the old table goes with it).
 */
export function moveFromWithoutRowid(db: Database.Database, table: string, create: (name: string) => string): void {
  const sql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) as string | undefined;
  if (sql === undefined || !/WITHOUT\s+ROWID\s*$/i.test(sql.trim())) return;
  const old = `${table}_without_rowid`;
  db.transaction(() => {
    db.exec(`ALTER TABLE ${table} RENAME TO ${old}`);
    db.exec(create(table));
    const columns = (db.pragma(`table_info(${old})`) as Array<{ name: string }>).map((column) => column.name).join(', ');
    db.exec(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM ${old}`);
    db.exec(`DROP TABLE ${old}`);
  }).immediate();
}

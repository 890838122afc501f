// The personal-data keys of an embedded store, in a SQLite file of their own next to the log, so a
// backup of the log copies no key and a forgotten key leaves no byte behind: `secure_delete`
// zeroes what a delete frees, and every forget checkpoints the WAL and truncates it.
import Database from 'better-sqlite3';
import type { PersonalDataKeys, SubjectKey } from '@logbook/game-log';

export class SqlitePersonalDataKeys implements PersonalDataKeys {
  readonly shared = false;
  private readonly db: Database.Database;
  private readonly statements;

  constructor(readonly filename: string) {
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    // A key is written once per subject and must survive a crash as the events sealed with it do.
    this.db.pragma('synchronous = FULL');
    this.db.pragma('secure_delete = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS personal_data_keys (
        subject   TEXT PRIMARY KEY,
        key       BLOB,
        forgotten TEXT
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS personal_data_uses (
        subject TEXT NOT NULL,
        game_id TEXT NOT NULL,
        PRIMARY KEY (subject, game_id)
      ) WITHOUT ROWID`);
    this.statements = {
      find: this.db.prepare<[string], { key: Buffer | null }>('SELECT key FROM personal_data_keys WHERE subject = ?'),
      create: this.db.prepare('INSERT INTO personal_data_keys (subject, key) VALUES (?, ?) ON CONFLICT (subject) DO NOTHING'),
      forget: this.db.prepare(
        `INSERT INTO personal_data_keys (subject, key, forgotten) VALUES (?, NULL, ?)
         ON CONFLICT (subject) DO UPDATE SET key = NULL, forgotten = excluded.forgotten`,
      ),
      noteUse: this.db.prepare('INSERT INTO personal_data_uses (subject, game_id) VALUES (?, ?) ON CONFLICT DO NOTHING'),
      gamesOf: this.db.prepare<[string], { gameId: string }>('SELECT game_id gameId FROM personal_data_uses WHERE subject = ?'),
    };
  }

  find(subject: string): SubjectKey | undefined {
    const row = this.statements.find.get(subject);
    return row === undefined ? undefined : (row.key ?? 'forgotten');
  }

  create(subject: string, key: Buffer): SubjectKey {
    this.statements.create.run(subject, key);
    return this.find(subject) ?? key;
  }

  forget(subject: string): void {
    this.statements.forget.run(subject, new Date().toISOString());
    // The deleted key's page still sits in the WAL until it is copied back and the WAL cut.
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  noteUse(subject: string, gameId: string): void {
    this.statements.noteUse.run(subject, gameId);
  }

  gamesOf(subject: string): string[] {
    return this.statements.gamesOf.all(subject).map((r) => r.gameId);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

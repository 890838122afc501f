// Where snapshots of games' folds live: a cache beside the log, never the truth (a snapshot that
// is missing, stale or unreadable only means the game folds its log). Kept apart from the event
// store, whose tables stay as they are: memory, or a SQLite file of its own (snapshots.sqlite).
import Database from 'better-sqlite3';
import type { AppConfig } from '../app-config';
import { ensureDataDir, restrictToOwner } from '../data-files';
import { moveFromWithoutRowid } from '@logbook/projections';

/** A game's snapshot as stored: the revision it folds up to and its text (game-snapshot.ts). */
export interface StoredSnapshot {
  revision: number;
  text: string;
}

/** The port: one snapshot per game, the latest written. */
export interface SnapshotStore {
  read(gameId: string): StoredSnapshot | undefined;
  write(gameId: string, snapshot: StoredSnapshot): void;
  /** Drops the game's snapshot (its names changed, or it could not be read). */
  delete(gameId: string): void;
  /** How many games have one. */
  count(): number;
  close(): void;
}

/** Injection token of the snapshot store and of how often it is written (absent: no snapshots). */
export const SNAPSHOT_STORE = Symbol('SNAPSHOT_STORE');
export const SNAPSHOT_EVERY = Symbol('SNAPSHOT_EVERY');

export class InMemorySnapshotStore implements SnapshotStore {
  private readonly snapshots = new Map<string, StoredSnapshot>();

  read(gameId: string): StoredSnapshot | undefined {
    return this.snapshots.get(gameId);
  }

  write(gameId: string, snapshot: StoredSnapshot): void {
    this.snapshots.set(gameId, { revision: snapshot.revision, text: snapshot.text });
  }

  delete(gameId: string): void {
    this.snapshots.delete(gameId);
  }

  count(): number {
    return this.snapshots.size;
  }

  close(): void {
    this.snapshots.clear();
  }
}

/** A SQLite file of its own: WAL, and no fsync per write (a lost snapshot costs a fold, nothing more). */
export class SqliteSnapshotStore implements SnapshotStore {
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[string], { revision: number; text: string }>;
  private readonly upsert: Database.Statement<[string, number, string]>;
  private readonly remove: Database.Statement<[string]>;

  constructor(readonly filename: string) {
    ensureDataDir(filename);
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // A snapshot holds the names of its game's seats as they read when it was folded: a deleted or
    // rewritten one is zeroed on the page (secure_delete), so no erased name stays in the file.
    this.db.pragma('secure_delete = ON');
    // A rowid table: each text is a whole state, kilobytes (moveFromWithoutRowid).
    const create = (name: string, ifNotExists = '') =>
      `CREATE TABLE ${ifNotExists} ${name} (game_id TEXT NOT NULL PRIMARY KEY, revision INTEGER NOT NULL, text TEXT NOT NULL)`;
    this.db.exec(create('snapshots', 'IF NOT EXISTS'));
    moveFromWithoutRowid(this.db, 'snapshots', (name) => create(name));
    restrictToOwner(filename);
    this.select = this.db.prepare('SELECT revision, text FROM snapshots WHERE game_id = ?');
    this.upsert = this.db.prepare(
      'INSERT INTO snapshots (game_id, revision, text) VALUES (?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET revision = excluded.revision, text = excluded.text',
    );
    this.remove = this.db.prepare('DELETE FROM snapshots WHERE game_id = ?');
  }

  read(gameId: string): StoredSnapshot | undefined {
    return this.select.get(gameId);
  }

  write(gameId: string, snapshot: StoredSnapshot): void {
    this.upsert.run(gameId, snapshot.revision, snapshot.text);
  }

  /** Called when a subject of the game is erased: the WAL is checkpointed and truncated too, so no copy of the old page stays. */
  delete(gameId: string): void {
    this.remove.run(gameId);
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) n FROM snapshots').get() as { n: number }).n;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** The configured snapshot store (LOGBOOK_SNAPSHOTS), or none: the server's, and the command line's when it erases. */
export function openSnapshotStore(config: AppConfig['snapshots']): SnapshotStore | null {
  if (config.kind === 'off') return null;
  return config.kind === 'memory' ? new InMemorySnapshotStore() : new SqliteSnapshotStore(config.filename);
}

import type Database from 'better-sqlite3';
import { openReadModelDatabase } from './read-model-database';
import type { CheckpointStore } from './checkpoint-store.port';

/**
 * Checkpoints in a SQLite file: the event store's own file (another table, another connection;
 * WAL lets them share it) or a file next to the read models. Positions are stored as decimal
 * text because EventStoreDB commit positions may not fit SQLite's signed 64-bit integers.
 * synchronous=NORMAL is enough: a checkpoint lost to a power cut only means some events are
 * handled again, which the runner's at-least-once delivery already allows for.
 */
export class SqliteCheckpointStore implements CheckpointStore {
  private readonly db: Database.Database;
  private readonly statements;

  constructor({ filename }: { filename: string }) {
    this.db = openReadModelDatabase(filename);
    this.db.exec(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
      projection TEXT PRIMARY KEY,
      position   TEXT NOT NULL,
      saved_at   TEXT NOT NULL
    ) WITHOUT ROWID`);
    this.statements = {
      load: this.db.prepare('SELECT position FROM projection_checkpoints WHERE projection = ?').pluck(),
      save: this.db.prepare(
        `INSERT INTO projection_checkpoints (projection, position, saved_at) VALUES (?, ?, ?)
         ON CONFLICT (projection) DO UPDATE SET position = excluded.position, saved_at = excluded.saved_at`,
      ),
      reset: this.db.prepare('DELETE FROM projection_checkpoints WHERE projection = ?'),
    };
  }

  async load(projection: string): Promise<bigint | undefined> {
    const position = this.statements.load.get(projection) as string | undefined;
    return position === undefined ? undefined : BigInt(position);
  }

  async save(projection: string, position: bigint): Promise<void> {
    this.statements.save.run(projection, position.toString(), new Date().toISOString());
  }

  async reset(projection: string): Promise<void> {
    this.statements.reset.run(projection);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

import type Database from 'better-sqlite3';
import { openReadModelDatabase } from './read-model-database';

/**
 * Which generation of each read model is live, in the read models' own file: generation 0 is the
 * file's own tables, a later one a file of its own beside it (`generationFile`). A generation being
 * built is recorded nowhere, so one left half-built by a crash is simply not live and is deleted
 * on the next open.
 */
export class SqliteGenerationControl {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(filename: string) {
    this.db = openReadModelDatabase(filename);
    this.db.exec(`CREATE TABLE IF NOT EXISTS read_model_generations (
      read_model  TEXT PRIMARY KEY,
      generation  INTEGER NOT NULL,
      switched_at TEXT NOT NULL
    ) WITHOUT ROWID`);
    this.statements = {
      live: this.db.prepare('SELECT generation FROM read_model_generations WHERE read_model = ?').pluck(),
      commit: this.db.prepare(
        `INSERT INTO read_model_generations (read_model, generation, switched_at) VALUES (?, ?, ?)
         ON CONFLICT (read_model) DO UPDATE SET generation = excluded.generation, switched_at = excluded.switched_at`,
      ),
    };
  }

  live(readModel: string): number {
    return (this.statements.live.get(readModel) as number | undefined) ?? 0;
  }

  /** Synchronous (the switch must not await between its check and the swap). */
  commit(readModel: string, generation: number): void {
    this.statements.commit.run(readModel, generation, new Date().toISOString());
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** The file of a read model's generation `generation` (>= 1), beside the read models' file. */
export const generationFile = (filename: string, readModel: string, generation: number): string => `${filename}.${readModel}.g${generation}`;

/** Generation numbers of the files `generationFile` names for this read model, from a folder listing. */
export function generationFilesIn(names: readonly string[], base: string, readModel: string): number[] {
  const prefix = `${base}.${readModel}.g`;
  return names.flatMap((name) => {
    if (!name.startsWith(prefix)) return [];
    const match = /^(\d+)(?:-wal|-shm|-journal)?$/.exec(name.slice(prefix.length));
    return match ? [Number(match[1])] : [];
  });
}

import type { ClientBase } from 'pg';
import { RowBuffer, type BufferedRowsOptions } from '../runner/buffered-rows';
import type { Awaitable } from '../runner/awaitable';
import type { PostgresReadModelDatabase, ReadModelTable, StagedWrite } from './postgres-read-models';

/** Rows per INSERT, and JSON characters at most: a few megabyte states per statement, not thousands. */
const ROWS_PER_STATEMENT = 500;
const CHARS_PER_STATEMENT = 16 * 1024 * 1024;

export interface PostgresRowsOptions<R extends object> extends Omit<BufferedRowsOptions<R>, 'write'> {
  table: string;
  /** The row as one JSON object whose fields are the columns `upsert` reads from `json_to_recordset($1)`. */
  serialise: (row: R) => string;
  upsert: string;
}

/**
 * A PostgreSQL read model's rows in memory, like `BufferedRows`: `flush` serialises the changed
 * rows at once (the state as the checkpoint's position has it, not as later events leave the
 * same objects) and the lease writes them in the checkpoint's transaction. While this server does
 * not hold the projection's lease, reads go to the table the holder writes.
 */
export class PostgresRows<R extends object> extends RowBuffer<R> implements ReadModelTable {
  private staged = new Map<string, { row: R; json: string }>();
  private truncate = false;

  constructor(
    private readonly db: PostgresReadModelDatabase,
    private readonly projection: string,
    private readonly rows: PostgresRowsOptions<R>,
    /** The generation whose checkpoints write these rows. */
    generation = 0,
  ) {
    super(rows);
    db.register(projection, this, generation);
  }

  /** Leaves the projection's commits (a dropped generation's rows). */
  unregister(): void {
    this.db.unregister(this.projection, this);
  }

  get(key: string, load: (key: string) => Promise<R | undefined>): Awaitable<R | undefined> {
    if (!this.db.holds(this.projection)) return load(key);
    const cached = this.cached(key) ?? this.staged.get(key)?.row;
    if (cached !== undefined) return cached;
    return load(key).then((row) => (row === undefined ? undefined : this.remember(row)));
  }

  /**
   * Writes the row to the table now, whoever holds the lease, and keeps it as this server's copy:
   * an erasure's rewritten names must not wait for the next checkpoint (which may never come to a
   * finished game).
   */
  async writeNow(row: R): Promise<void> {
    this.put(row);
    await this.db.query(this.rows.upsert, [`[${this.rows.serialise(row)}]`]);
  }

  flush(): void {
    for (const [key, row] of this.dirty) {
      this.staged.set(key, { row, json: this.rows.serialise(row) });
      this.remember(row);
    }
    this.dirty.clear();
  }

  /** Empties memory now and the table in the next checkpoint's transaction (a rebuild's reset). */
  override clear(): void {
    super.clear();
    this.staged.clear();
    this.truncate = true;
  }

  forget(): void {
    super.clear();
    this.staged.clear();
    this.truncate = false;
  }

  take(): StagedWrite | undefined {
    if (!this.truncate && this.staged.size === 0) return undefined;
    const batch = this.staged;
    const truncate = this.truncate;
    this.staged = new Map();
    this.truncate = false;
    return {
      write: async (client: ClientBase) => {
        if (truncate) await client.query(`DELETE FROM ${this.rows.table}`);
        let chunk: string[] = [];
        let chars = 0;
        for (const { json } of batch.values()) {
          chunk.push(json);
          chars += json.length;
          if (chunk.length >= ROWS_PER_STATEMENT || chars >= CHARS_PER_STATEMENT) {
            await client.query(this.rows.upsert, [`[${chunk.join(',')}]`]);
            chunk = [];
            chars = 0;
          }
        }
        if (chunk.length > 0) await client.query(this.rows.upsert, [`[${chunk.join(',')}]`]);
      },
      done: (committed) => {
        if (committed) return;
        // Rolled back: the rows wait for the next checkpoint, unless a newer copy was staged since.
        for (const [key, staged] of batch) if (!this.staged.has(key)) this.staged.set(key, staged);
        this.truncate ||= truncate;
      },
    };
  }
}

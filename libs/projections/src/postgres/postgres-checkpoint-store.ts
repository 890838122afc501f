import type { CheckpointStore } from '../runner/checkpoint-store.port';
import type { PostgresReadModelDatabase } from './postgres-read-models';

/**
 * Checkpoints in `logbook_projection_checkpoints`, shared by every server. A save is the projection's
 * commit: the rows its read model staged at the runner's flush and the position, in one
 * transaction on the projection's lease, so rows are never ahead of or behind their checkpoint.
 */
export class PostgresCheckpointStore implements CheckpointStore {
  constructor(
    private readonly db: PostgresReadModelDatabase,
    /** The read-model generation whose rows and checkpoint these are (`checkpointKey`). */
    private readonly generation = 0,
  ) {}

  load(projection: string): Promise<bigint | undefined> {
    return this.db.checkpoint(projection, this.generation);
  }

  save(projection: string, position: bigint): Promise<void> {
    return this.db.commit(projection, position, this.generation);
  }

  /** Forgets the checkpoint, and empties the tables their `clear` marked, in one transaction. */
  reset(projection: string): Promise<void> {
    return this.db.commit(projection, undefined, this.generation);
  }

  async close(): Promise<void> {}
}

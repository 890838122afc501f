import type { CheckpointStore } from './checkpoint-store.port';

/** For tests and for projections that are rebuilt at every start anyway. */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, bigint>();

  async load(projection: string): Promise<bigint | undefined> {
    return this.positions.get(projection);
  }

  async save(projection: string, position: bigint): Promise<void> {
    this.positions.set(projection, position);
  }

  async reset(projection: string): Promise<void> {
    this.positions.delete(projection);
  }

  async close(): Promise<void> {}
}

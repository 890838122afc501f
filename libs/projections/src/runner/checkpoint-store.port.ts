/**
 * Where a projection runner remembers how far it got: the global position of the last event
 * its projection handled. Positions are bigints (EventStoreDB commit positions can pass 2^63).
 */
export interface CheckpointStore {
  load(projection: string): Promise<bigint | undefined>;
  save(projection: string, position: bigint): Promise<void>;
  /** Forget the checkpoint, so the projection starts from the first event (a rebuild). */
  reset(projection: string): Promise<void>;
  close(): Promise<void>;
}

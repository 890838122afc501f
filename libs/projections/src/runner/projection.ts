import type { AllFilter, RecordedEvent } from '@logbook/event-store';

/**
 * A read model fed by the runner. Delivery is at least once: after a crash between `handle`
 * and the checkpoint, the last events come again, so `handle` should be idempotent (e.g. skip
 * an event whose stream revision the read model has already seen).
 */
export interface Projection {
  /** Key of its checkpoint: renaming a projection rebuilds it. */
  readonly name: string;
  /** Narrows what the store sends (server-side on EventStoreDB). */
  readonly filter?: AllFilter;
  /**
   * A narrower filter for rebuilds only: events outside it must change nothing in the read model.
   * A rebuild replays up to a known position, so it may skip them (less to read and parse); live
   * delivery keeps `filter`, so `whenHandled` still sees every position it waits for.
   */
  readonly rebuildFilter?: AllFilter;
  handle(event: RecordedEvent): void | Promise<void>;
  /** Drops the read model before a rebuild from the first event. */
  reset?(): void | Promise<void>;
  /**
   * True when the stored read model cannot be trusted from its checkpoint (its rows predate a
   * column they now need): the runner rebuilds it from the first event before it follows the store.
   */
  needsRebuild?(): boolean;
  /**
   * Makes what `handle` did durable. The runner calls it before every checkpoint it saves, so a
   * read model may batch its writes and the checkpoint never runs ahead of them.
   */
  flush?(): void | Promise<void>;
  /**
   * How many rows `handle` changed that `flush` has not written yet (rows held in memory). The
   * runner saves once they reach `checkpointRows`, which bounds the memory they hold however many
   * games are busy, while one busy game's row is still written once per save, not per event.
   */
  unwritten?(): number;
}

export interface RebuildProgress {
  projection: string;
  handled: number;
  position: bigint | undefined;
  /** The last position in the store when the rebuild began; the rebuild stops there. */
  target: bigint | undefined;
  /** 0..1, by position (SQLite positions are dense; EventStoreDB's are log offsets). */
  fraction: number;
}

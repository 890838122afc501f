// A stored event's place, as a storage answers the idempotence check: the storages return it
// and the check reads it, so it lives apart from both.

/** Where an already stored event sits. */
export interface StoredEventRef {
  id: string;
  revision: number;
  position: bigint;
}

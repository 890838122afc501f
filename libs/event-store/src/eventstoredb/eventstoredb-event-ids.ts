import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Fixed namespace for Logbook ids: changing it would make every retry look like a new event. */
const LOGBOOK_NAMESPACE = Buffer.from('6f1c3c2e8a7d4b0f9e215d3a7c4b8e90', 'hex');

/**
 * EventStoreDB event ids must be UUIDs, and its idempotence compares them. A Logbook id that is
 * already a lowercase UUID is used as is; any other id is hashed (SHA-1, name-based, shaped as a
 * version 5 UUID) so the same id always maps to the same UUID and a retry stays a retry.
 */
export function toEventStoreDbId(id: string): string {
  if (UUID.test(id)) return id;
  const bytes = createHash('sha1').update(LOGBOOK_NAMESPACE).update(id, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

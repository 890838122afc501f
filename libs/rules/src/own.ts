// Ids reach the rules from clients (an enemyShipId, a boon, a card to discard): a plain object
// indexed with "constructor", "__proto__" or "toString" answers with Object.prototype's members.
// Every lookup by id goes through here, so only the record's own entries are ever found.
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * `record[key]` when `key` is one of the record's own entries, otherwise undefined. Typed like an
 * index access (the caller decides whether absence is possible), so it replaces one one-for-one.
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T {
  return (hasOwn.call(record, key) ? record[key] : undefined) as T;
}

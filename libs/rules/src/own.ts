// Ids reach the rules from clients (an enemyShipId, a boon, a card to discard): a plain object
// indexed with "constructor", "__proto__" or "toString" answers with Object.prototype's members.
// A lookup that may miss goes through here (one that must hit uses `known`, invariant.ts), so
// only the record's own entries are ever found.
const hasOwn = Object.prototype.hasOwnProperty;

/** `record[key]` when `key` is one of the record's own entries, otherwise undefined. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  // A key Object.prototype does not answer to can only be found among the record's own entries
  // (records are plain objects): read it at once. Asking `hasOwnProperty` first costs a trap
  // on an immer draft (a decision's working state) on every lookup.
  if (!(key in Object.prototype)) return record[key];
  return hasOwn.call(record, key) ? record[key] : undefined;
}

// Ids reach the rules from clients (an enemyShipId, a boon, a card to discard): a plain object
// indexed with "constructor", "__proto__" or "toString" answers with Object.prototype's members.
// A lookup that may miss goes through here (one that must hit uses `known`, invariant.ts), so
// only the record's own entries are ever found.
const hasOwn = Object.prototype.hasOwnProperty;

/** `record[key]` when `key` is one of the record's own entries, otherwise undefined. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  // Read first, check only when it could be Object.prototype's: its members are functions (and
  // the `__proto__` accessor), which a record of the state never holds. Asking `hasOwnProperty`
  // first cost a proxy trap on every lookup in an immer draft (a decision's working state).
  const value = record[key];
  if (typeof value !== 'function' && key !== '__proto__') return value;
  return hasOwn.call(record, key) ? value : undefined;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Freezes a value and everything inside it: events are facts, nobody may change them later. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    // Object.values without its array: an event is frozen on every emit.
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
    } else {
      const record = value as Record<string, unknown>;
      for (const key in record) if (hasOwn.call(record, key)) deepFreeze(record[key]);
    }
  }
  return value;
}

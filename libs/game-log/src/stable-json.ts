/**
 * JSON with object keys sorted, so the same command always has the same fingerprint. Exactly
 * what `JSON.stringify` with a replacer that rebuilds every object with its keys sorted by
 * `localeCompare` gives (`stableStringifyByReplacer`, the definition, kept for what the fast path
 * below does not handle); the fast path walks plain JSON data once, without a copy of every object.
 */
export const stableStringify = (value: unknown): string => {
  const fast = plainJson(value, 0);
  return fast === NOT_PLAIN ? stableStringifyByReplacer(value) : (fast as string);
};

/** The definition: JSON.stringify, each object rebuilt with its keys sorted. */
export const stableStringifyByReplacer = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const NOT_PLAIN = Symbol('not plain JSON data');
/** Deeper than this, the definition decides (and throws as it would on a cycle). */
const MAX_DEPTH = 64;
const byLocale = (a: string, b: string) => a.localeCompare(b);
/** A key an object lists first, in numeric order, whatever order it was added in. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
const isArrayIndex = (key: string) => ARRAY_INDEX.test(key) && Number(key) < 4294967295;

/** Sorts in place, stably, by `localeCompare`: by insertion for the few keys a command has (no work array). */
function sortKeys(keys: string[]): void {
  if (keys.length > 16) {
    keys.sort(byLocale);
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    while (j >= 0 && byLocale(keys[j], key) > 0) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = key;
  }
}

/**
 * The stable JSON of plain data (plain objects, arrays, strings, finite numbers, booleans, null,
 * undefined), undefined when JSON omits it, or NOT_PLAIN for anything else (toJSON, boxed
 * values, bigint, non-finite numbers, class instances, symbols, deep nesting).
 */
function plainJson(value: unknown, depth: number): string | undefined | typeof NOT_PLAIN {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : NOT_PLAIN;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return undefined;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (value === null) return 'null';
  if (depth >= MAX_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype || 'toJSON' in value) return NOT_PLAIN;
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item = plainJson(value[i], depth + 1);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out += (i === 0 ? '' : ',') + (item ?? 'null');
    }
    return out + ']';
  }
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || 'toJSON' in value) return NOT_PLAIN;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length > 1) {
    sortKeys(keys);
    // The definition rebuilds the object in that order, and an object lists array-index keys first.
    if (keys.some(isArrayIndex)) {
      const indexes = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
      keys.splice(0, keys.length, ...indexes, ...keys.filter((k) => !isArrayIndex(k)));
    }
  }
  let out = '{';
  let first = true;
  for (const key of keys) {
    const item = plainJson(object[key], depth + 1);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    if (item === undefined) continue;
    out += (first ? '' : ',') + JSON.stringify(key) + ':' + item;
    first = false;
  }
  return out + '}';
}

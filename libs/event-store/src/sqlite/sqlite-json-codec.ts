// The compact form of a JSON value in a v3 file (docs/event-log-format.md): an object is stored
// as an array `[shape, ...values]`, its key list (the shape) interned once in the file's
// `shapes` table, so a row holds no key names. Generic: nothing here knows Logbook's events;
// any file decodes with its own table alone.
//
//   object              -> [shape, ...values in key order]     (shape >= 1)
//   array, first item   -> [0, ...items]                        (0 marks a real array)
//     a number
//   any other array     -> [...items]   (empty, or its first item is not a number)
//   string, number, true, false, null -> itself
//
// Decoding reads the first item of an array: a number >= 1 is an object's shape, 0 a real
// array's mark, anything else (or nothing) the array's first item.

/** Builds the object of one shape from its stored form `[shape, ...values]`. */
type Build = (items: unknown[], expand: (stored: unknown, shapes: ShapeTable) => unknown, shapes: ShapeTable) => Record<string, unknown>;

/** A shape's keys, as decoding needs them. */
export interface Shape {
  readonly keys: readonly string[];
  /** The object built by one object literal; absent when a key is `__proto__` (which a literal would not make a key). */
  readonly build: Build | undefined;
}

/** The shapes of one file. Key 0 is never a shape (it marks real arrays). */
export interface ShapeTable {
  /** The key of this key list, interned if new. */
  keyOf(keys: readonly string[]): number;
  /** The keys of a shape; throws for a key the file does not have. */
  shape(key: number): Shape;
}

export const shapeOfKeysJson = (keysJson: string): Shape => {
  const keys = JSON.parse(keysJson) as unknown;
  if (!Array.isArray(keys) || !keys.every((key) => typeof key === 'string')) throw new Error(`not a key list: ${keysJson}`);
  return { keys, build: keys.includes('__proto__') ? undefined : literalBuilder(keysJson, keys) };
}

/**
 * Builders by key list, shared by every store of the process: a builder is a function of its own,
 * which V8 compiles and optimizes afresh, so a store opened again (a CLI, a test, a bench opening
 * the file per run) reuses the warm ones. Bounded: past that many key lists, builders are made per store.
 */
const builders = new Map<string, Build>();
const MAX_SHARED_BUILDERS = 10_000;

/**
 * A function returning `{ "k1": value 1, "k2": value 2, … }`: one object literal per shape. It
 * reads a page about 20% faster than setting the keys one by one (measured on the issue 14 match,
 * docs/event-log-format.md): V8 makes each object at once, with its final hidden class. The keys
 * enter the code only as JSON string literals (JSON.stringify), which are JavaScript string
 * literals too, so no key can be anything but a key; `__proto__` is left to the generic path,
 * since `"__proto__": v` in a literal sets the prototype instead.
 */
function literalBuilder(keysJson: string, keys: readonly string[]): Build {
  const shared = builders.get(keysJson);
  if (shared) return shared;
  const values = keys.map((key, i) => `${JSON.stringify(key)}: typeof (v = items[${i + 1}]) === 'object' && v !== null ? expand(v, shapes) : v`);
  const build = new Function('items', 'expand', 'shapes', `let v; return { ${values.join(', ')} };`) as Build;
  if (builders.size < MAX_SHARED_BUILDERS) builders.set(keysJson, build);
  return build;
}

/** The compact form of a JSON value (as JSON.parse gives it: no undefined, functions or toJSON). */
export function compact(value: unknown, shapes: ShapeTable): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const n = value.length;
    const marked = n > 0 && typeof value[0] === 'number';
    const out = new Array<unknown>(marked ? n + 1 : n);
    let at = 0;
    if (marked) out[at++] = 0;
    for (let i = 0; i < n; i++) out[at++] = compact(value[i], shapes);
    return out;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  const out = new Array<unknown>(keys.length + 1);
  out[0] = shapes.keyOf(keys);
  for (let i = 0; i < keys.length; i++) out[i + 1] = compact(object[keys[i] as string], shapes);
  return out;
}

/** Sets an own property, also one named `__proto__` (which plain assignment would not). */
export const defineKey = (object: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
};

/**
 * The JSON value back from its compact form (already parsed from JSON). The parsed arrays are
 * reused where they can be: the caller hands over what JSON.parse gave it.
 */
export function expand(stored: unknown, shapes: ShapeTable): unknown {
  if (typeof stored !== 'object' || stored === null) return stored;
  const items = stored as unknown[];
  const n = items.length;
  if (n === 0) return items;
  const head = items[0];
  if (typeof head !== 'number') {
    for (let i = 0; i < n; i++) {
      const item = items[i];
      if (typeof item === 'object' && item !== null) items[i] = expand(item, shapes);
    }
    return items;
  }
  if (head === 0) {
    const array = items.slice(1);
    for (let i = 0; i < n - 1; i++) {
      const item = array[i];
      if (typeof item === 'object' && item !== null) array[i] = expand(item, shapes);
    }
    return array;
  }
  const { keys, build } = shapes.shape(head);
  if (keys.length !== n - 1) throw new Error(`a stored object of shape ${head} has ${n - 1} values for ${keys.length} keys`);
  if (build) return build(items, expand, shapes);
  const object: Record<string, unknown> = {};
  for (let i = 1; i < n; i++) defineKey(object, keys[i - 1] as string, expand(items[i], shapes));
  return object;
}

interface KeyListNode {
  key: number | undefined;
  next: Map<string, KeyListNode> | undefined;
}

/**
 * Key lists to shape keys, looked up key by key (a trie): encoding finds an object's shape
 * without making a text of its keys (that cost about a third of encoding an event).
 */
export class KeyListIndex {
  private root: KeyListNode = { key: undefined, next: undefined };

  get(keys: readonly string[]): number | undefined {
    let node: KeyListNode | undefined = this.root;
    for (let i = 0; i < keys.length && node; i++) node = node.next?.get(keys[i] as string);
    return node?.key;
  }

  set(keys: readonly string[], key: number): void {
    let node = this.root;
    for (const name of keys) {
      node.next ??= new Map();
      let child = node.next.get(name);
      if (!child) {
        child = { key: undefined, next: undefined };
        node.next.set(name, child);
      }
      node = child;
    }
    node.key = key;
  }

  clear(): void {
    this.root = { key: undefined, next: undefined };
  }
}

/** Shapes numbered from 1 in order of first use, in memory (a migration's, and the tests'). */
export class InMemoryShapes implements ShapeTable {
  /** Each shape's keys as JSON, shape 1 first. */
  readonly list: string[] = [];
  private readonly index = new KeyListIndex();
  private readonly shapes: Shape[] = [];

  keyOf(keys: readonly string[]): number {
    let key = this.index.get(keys);
    if (key === undefined) {
      const keysJson = JSON.stringify(keys);
      this.list.push(keysJson);
      this.shapes.push(shapeOfKeysJson(keysJson));
      key = this.list.length;
      this.index.set(keys, key);
    }
    return key;
  }

  shape(key: number): Shape {
    const shape = this.shapes[key - 1];
    if (shape === undefined) throw new Error(`no shape ${key}`);
    return shape;
  }
}

import fc from 'fast-check';
import { compact, expand, InMemoryShapes } from './sqlite-json-codec';

/** A value as the store receives it: what JSON gives back for it. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
/**
 * Exactly the same JSON value: same types, plain prototypes, own keys in the same order, equal
 * numbers (Object.is). Not toStrictEqual, which compares `constructor` properties by identity,
 * so an own key named `constructor` holding an array never compares equal.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length || keys.some((k, i) => k !== other[i])) return false;
  return keys.every((k) => sameJson(Object.getOwnPropertyDescriptor(a, k)?.value, Object.getOwnPropertyDescriptor(b, k)?.value));
}
const roundTrip = (value: unknown, shapes = new InMemoryShapes()) => expand(JSON.parse(JSON.stringify(compact(value, shapes))), shapes);

/**
 * Objects with awkward keys: `__proto__`, integer-like keys (which JavaScript puts first), '',
 * quotes, backslashes, line separators, a lone surrogate, and text that would be code if a key
 * were not quoted (decoding builds objects with one literal per shape).
 */
const key = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('__proto__', '0', '1', '10', '-1', '01', 'type', 'constructor', 'toString', '', 'v', 'items', '"', '\\', '\u2028', '"}; throw 1; ({"', '${v}', '\ud800'));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 1 }),
    fc.constantFrom(-0, 1e21, 1e-7, 5e-324, Number.MAX_SAFE_INTEGER + 2, 0, [], {}, [[]], [0], [[0]], [1, 2], [{}], ''),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((pairs) => {
    const object: Record<string, unknown> = {};
    for (const [k, v] of pairs) Object.defineProperty(object, k, { value: v, enumerable: true, writable: true, configurable: true });
    return object;
  }),
})).value;

describe('SQLite v3 compact JSON values', () => {
  it('gives back exactly what JSON gives back, key order, __proto__ keys and nested arrays included, for any JSON value', () => {
    fc.assert(
      fc.property(json, (value) => {
        const expected = asJson(value);
        const back = roundTrip(expected);
        expect(JSON.stringify(back)).toBe(JSON.stringify(expected));
        expect(sameJson(back, expected)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('decodes with the shapes alone, whichever order they were made in (a file read by another process)', () => {
    fc.assert(
      fc.property(fc.array(json, { minLength: 1, maxLength: 5 }), (values) => {
        const shapes = new InMemoryShapes();
        const stored = values.map((value) => JSON.stringify(compact(asJson(value), shapes)));
        const reader = new InMemoryShapes();
        for (const keys of shapes.list) reader.keyOf(JSON.parse(keys) as string[]);
        expect(sameJson(stored.map((text) => expand(JSON.parse(text), reader)), values.map(asJson))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('stores an object as [shape, ...values], marks a real array whose first item is a number with 0, and keeps no key names', () => {
    const shapes = new InMemoryShapes();
    const moved = { data: { shipId: 'cutter', from: { q: 0, r: 0 }, to: { q: 0, r: -1 }, cost: 1, carried: ['pilot'], leftBehind: [] } };
    expect(JSON.stringify(compact(moved, shapes))).toBe('[1,[2,"cutter",[3,0,0],[3,0,-1],1,["pilot"],[]]]');
    expect(shapes.list).toEqual(['["data"]', '["shipId","from","to","cost","carried","leftBehind"]', '["q","r"]']);
    expect(JSON.stringify(compact([3, [1], [[2]], {}, [{}]], shapes))).toBe('[0,3,[0,1],[[0,2]],[4],[[4]]]');
    expect(sameJson(roundTrip(JSON.parse('{"__proto__":{"a":1}}')), JSON.parse('{"__proto__":{"a":1}}'))).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false); // the comparison sees key order
    expect(sameJson(JSON.parse('{"__proto__":{}}'), {})).toBe(false);
    expect(Object.getPrototypeOf(roundTrip(JSON.parse('{"__proto__":{"a":1}}')))).toBe(Object.prototype);
  });

  it('refuses a stored object whose shape the file does not have, or with the wrong number of values', () => {
    const shapes = new InMemoryShapes();
    shapes.keyOf(['a', 'b']);
    expect(() => expand([2, 1], shapes)).toThrow(/no shape 2/);
    expect(() => expand([1, 1], shapes)).toThrow(/1 values for 2 keys/);
    expect(expand([1, 1, [0, 2]], shapes)).toEqual({ a: 1, b: [2] });
  });
});

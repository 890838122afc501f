import fc from 'fast-check';
import { stableStringify, stableStringifyByReplacer } from './stable-json';

// Fingerprints of commands already in stored logs depend on this text: the fast path must give
// exactly what the definition gives, for any value.
describe('stableStringify', () => {
  it('gives exactly what the definition gives, on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stableStringify(value)).toBe(stableStringifyByReplacer(value));
      }),
      { numRuns: 500 },
    );
  });

  it('gives exactly what the definition gives, on objects with numeric, odd and unicode keys and undefined fields', () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom('0', '1', '10', '2', '01', '-1', '1.5', '4294967294', '4294967295', 'a', 'B', 'é', 'e\u0301', '__proto__'),
    );
    const leaf = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.dictionary(key, tie('node'))),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(stableStringify(v)).toBe(stableStringifyByReplacer(v));
      }),
      { numRuns: 500 },
    );
  });

  it('falls back to the definition for what is not plain data', () => {
    const values: unknown[] = [
      new Date(0),
      { at: new Date(0), b: 1 },
      { toJSON: () => 'x' },
      [1, () => 2, Symbol('s')],
      { f: () => 1, n: NaN, i: -Infinity },
      Object.create({ inherited: 1 }),
      new Map([[1, 2]]),
      { nested: { boxed: new Number(3) } },
      Object.assign(Object.create(null), { b: 1, a: 2 }),
    ];
    for (const value of values) expect(stableStringify(value)).toBe(stableStringifyByReplacer(value));
    expect(() => stableStringify({ big: 1n })).toThrow(TypeError);
  });

  it('gives what the definition gives for objects of many keys', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 10, maxLength: 40 }), (keys) => {
        const value = Object.fromEntries(keys.map((k, i) => [k, i]));
        expect(stableStringify(value)).toBe(stableStringifyByReplacer(value));
      }),
      { numRuns: 200 },
    );
  });

  it('sorts keys at every depth', () => {
    expect(stableStringify({ type: 'MoveShip', b: { z: 1, a: [{ y: 2, x: 1 }] } })).toBe('{"b":{"a":[{"x":1,"y":2}],"z":1},"type":"MoveShip"}');
  });
});

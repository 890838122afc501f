import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { commandFingerprint, sameFingerprint } from './fingerprint';
import { stableStringifyByReplacer } from './stable-json';

/** The definition: the first 128 bits of the SHA-256 of the stable JSON, base64url. */
const defined = (value: unknown) => createHash('sha256').update(stableStringifyByReplacer(value)).digest().subarray(0, 16).toString('base64url');

describe('commandFingerprint', () => {
  it('is the definition, for values seen once or again, short or long', () => {
    const command = fc.record({ seat: fc.nat(6), command: fc.record({ type: fc.constantFrom('MoveShip', 'EndTurn', 'TurnShip'), n: fc.option(fc.nat(3)) }) });
    fc.assert(
      fc.property(fc.array(fc.oneof(command, fc.jsonValue()), { maxLength: 8 }), (values) => {
        for (const value of [...values, ...values]) expect(commandFingerprint(value)).toBe(defined(value));
      }),
      { numRuns: 300 },
    );
    const long = { seat: 1, command: { type: 'CreateGame', scenario: 'x'.repeat(2000) } };
    expect(commandFingerprint(long)).toBe(defined(long));
    expect(commandFingerprint(long)).toBe(defined(long));
  });

  it('is the definition whatever the key order, and for values JSON reads through toJSON', () => {
    const key = fc.constantFrom('a', 'b', 'type', '0', '10', '2', '__proto__', 'é');
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue(), { maxKeys: 5 }), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(commandFingerprint(value)).toBe(defined(value));
        expect(commandFingerprint(reversed)).toBe(defined(reversed));
        expect(commandFingerprint(reversed)).toBe(commandFingerprint(value));
      }),
      { numRuns: 300 },
    );
    for (const value of [{ at: new Date(0) }, { n: NaN, u: undefined, f: () => 1 }, { toJSON: () => ({ b: 1, a: 2 }) }, [undefined, 1], 'text', 7, null]) {
      expect(commandFingerprint(value)).toBe(defined(value));
      expect(commandFingerprint(value)).toBe(defined(value));
    }
    expect(() => commandFingerprint({ n: 1n })).toThrow();
  });

  it('stays the definition once more distinct commands were seen than it remembers', () => {
    for (let i = 0; i < 10_000; i++) {
      const value = { seat: 1, command: { type: 'MoveShip', i } };
      expect(commandFingerprint(value)).toBe(defined(value));
    }
    expect(commandFingerprint({ seat: 1, command: { type: 'MoveShip', i: 3 } })).toBe(defined({ seat: 1, command: { type: 'MoveShip', i: 3 } }));
  });

  it('recognises its own fingerprints and the old full-length hex ones', () => {
    const value = { seat: 2, command: { type: 'EndTurn' } };
    expect(sameFingerprint(commandFingerprint(value), value)).toBe(true);
    expect(sameFingerprint(createHash('sha256').update(stableStringifyByReplacer(value)).digest('hex'), value)).toBe(true);
    expect(sameFingerprint(commandFingerprint(value), { seat: 1, command: { type: 'EndTurn' } })).toBe(false);
  });
});

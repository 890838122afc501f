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

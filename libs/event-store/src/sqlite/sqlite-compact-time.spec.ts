import fc from 'fast-check';
import { compactTime, isoTime } from './sqlite-row-codec';

/** compactTime before its same-minute shortcut: the definition the shortcut must agree with. */
function reference(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length < 24 || value.charCodeAt(value.length - 1) !== 90) return undefined;
  const ms = Date.parse(value);
  return Number.isSafeInteger(ms) && new Date(ms).toISOString() === value ? ms : undefined;
}

const ms = fc.integer({ min: -8.64e15, max: 8.64e15 });
/** Times near each other (most share a minute, as the events of a running server do), and far apart. */
const near = fc
  .tuple(ms, fc.array(fc.integer({ min: -90_000, max: 90_000 }), { maxLength: 12 }))
  .map(([base, offsets]) => offsets.map((offset) => Math.max(-8.64e15, Math.min(8.64e15, base + offset))));
/** An ISO time bent out of shape one character at a time: what must NOT pass as one. */
const bent = fc.tuple(ms, fc.nat(), fc.constantFrom('0', '5', '6', '9', ':', '.', 'Z', 'x', ' ', '+', '-')).map(([t, at, char]) => {
  const iso = new Date(t).toISOString();
  const i = at % iso.length;
  return iso.slice(0, i) + char + iso.slice(i + 1);
});
const value = fc.oneof(
  ms.map((t) => new Date(t).toISOString()),
  bent,
  fc.string({ minLength: 20, maxLength: 30 }).map((s) => `${s}Z`),
  fc.constantFrom('2026-11-30T21:59:60.000Z', '2026-11-30T21:59:59.1000Z', '2026-11-30T21:59:5.000Z', '2026-02-30T00:00:00.000Z', 42, null),
);

describe('compactTime', () => {
  it('gives exactly what Date.parse and toISOString give, whatever minute isoTime last cached', () => {
    fc.assert(
      fc.property(near, fc.array(value, { maxLength: 12 }), (times, others) => {
        // Each time primes the cache (as decoding does) and is then read back, with odd values between.
        for (const t of times) {
          const iso = isoTime(t);
          expect(compactTime(iso)).toBe(reference(iso));
          for (const other of others) expect(compactTime(other)).toBe(reference(other));
        }
        for (const other of others) expect(compactTime(other)).toBe(reference(other));
      }),
      { numRuns: 1500 },
    );
  });

  it('reads a time in the cached minute without asking Date', () => {
    const recorded = '2026-11-30T21:58:07.045Z';
    expect(compactTime(recorded)).toBe(Date.UTC(2026, 10, 30, 21, 58, 7, 45));
    const secondSixty = reference('2026-11-30T21:58:60.000Z');
    const parse = jest.spyOn(Date, 'parse');
    try {
      expect(compactTime('2026-11-30T21:58:59.999Z')).toBe(Date.UTC(2026, 10, 30, 21, 58, 59, 999));
      expect(compactTime('2026-11-30T21:58:60.000Z')).toBe(secondSixty);
      expect(parse).toHaveBeenCalledTimes(1); // the second-60 one only
    } finally {
      parse.mockRestore();
    }
  });
});

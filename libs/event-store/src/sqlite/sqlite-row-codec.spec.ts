import fc from 'fast-check';
import { decodeEventId, decodeMetadata, encodeEventId, encodeMetadata, isoTime } from './sqlite-row-codec';

/** What v1 stored and read back: the JSON text of the metadata, parsed. */
const asV1 = (metadata: Record<string, unknown> | undefined) => JSON.parse(metadata ? JSON.stringify(metadata) : '{}') as unknown;
const roundTrip = (metadata: Record<string, unknown> | undefined, schemaVersion: number) =>
  decodeMetadata(JSON.parse(encodeMetadata(metadata, schemaVersion)), schemaVersion);

const time = fc.integer({ min: -8.64e15, max: 8.64e15 }).map((ms) => new Date(ms).toISOString());
const key = fc.constantFrom(
  'commandId',
  'seat',
  'recordedAt',
  'command',
  'commandFingerprint',
  'schemaVersion',
  'draws',
  'seatTokens',
  'correlationId',
  '__proto__',
  '1',
  'x',
);
const value = fc.oneof(fc.jsonValue(), time, fc.constant(undefined), fc.integer({ min: 1, max: 3 }));
const metadata = fc.array(fc.tuple(key, value), { maxLength: 9 }).map((pairs) => {
  const object: Record<string, unknown> = {};
  for (const [k, v] of pairs) Object.defineProperty(object, k, { value: v, enumerable: true, writable: true, configurable: true });
  return object;
});

describe('SQLite v2 row codec', () => {
  it('gives back the metadata v1 gave back, keys in the same order, for any metadata', () => {
    fc.assert(
      fc.property(fc.option(metadata, { nil: undefined }), fc.integer({ min: 1, max: 3 }), (m, schemaVersion) => {
        const back = roundTrip(m, schemaVersion);
        expect(JSON.stringify(back)).toBe(JSON.stringify(asV1(m)));
        expect(back).toStrictEqual(asV1(m));
      }),
      { numRuns: 2000 },
    );
  });

  it('stores what Logbook writes by position: no key names, recordedAt in ms, schemaVersion left to the row', () => {
    const first = {
      commandId: 'c-194',
      seat: 1,
      recordedAt: '2026-11-30T19:09:03.203Z',
      command: { type: 'MoveShip' },
      commandFingerprint: 'ZXp3ViZnCUqM8PJSOjRh1g',
      schemaVersion: 1,
    };
    expect(encodeMetadata(first, 1)).toBe('[191,"c-194",1,1796065743203,{"type":"MoveShip"},"ZXp3ViZnCUqM8PJSOjRh1g"]');
    expect(roundTrip(first, 1)).toStrictEqual(first);
    expect(encodeMetadata({ commandId: 'c-194', schemaVersion: 1 }, 1)).toBe('[33,"c-194"]');
    // Another schema version than the row's stays in the metadata.
    expect(roundTrip({ commandId: 'c', schemaVersion: 2 }, 1)).toStrictEqual({ commandId: 'c', schemaVersion: 2 });
    // Keys out of Logbook's order keep their order.
    expect(roundTrip({ seat: 2, commandId: 'c' }, 1)).toStrictEqual({ seat: 2, commandId: 'c' });
    expect(Object.keys(roundTrip({ seat: 2, commandId: 'c', recordedAt: 'yesterday' }, 1))).toEqual(['seat', 'commandId', 'recordedAt']);
  });

  it('formats recorded times exactly as Date#toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 5000 },
    );
    for (const ms of [0, 59_999, 60_000, 1_796_065_743_203, -1, -60_001]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });

  it('keeps a lowercase UUID in 16 bytes and any other id as its text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uuid(),
          fc.string(),
          fc.uuid().map((u) => u.toUpperCase()),
        ),
        (id) => {
          expect(decodeEventId(encodeEventId(id))).toBe(id);
        },
      ),
      { numRuns: 2000 },
    );
    expect(encodeEventId('5bcd315f-faea-5c07-b0d3-a7b0665ed30e')).toHaveLength(16);
    expect(typeof encodeEventId('5BCD315F-FAEA-5C07-B0D3-A7B0665ED30E')).toBe('string');
  });
});

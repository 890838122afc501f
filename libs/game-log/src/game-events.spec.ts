import fc from 'fast-check';
import { createHash } from 'node:crypto';
import type { EventMetadata } from '@logbook/event-store';
import type { GameEvent } from '@logbook/rules';
import { deterministicEventId, toDomainEvent, toNewEvents, GAME_EVENT_SCHEMA_VERSION } from './game-events';

// The definitions the fast code replaced: event ids are part of the log (a retried append must
// carry the same ids as before), and the stored data and metadata keep their key order.
const definedEventId = (gameId: string, commandId: string, index: number): string => {
  const hex = createHash('sha256').update(`${gameId}\u0000${commandId}\u0000${index}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const definedNewEvents = (gameId: string, commandId: string, events: GameEvent[], metadata: EventMetadata, firstEventMetadata: EventMetadata = {}) =>
  events.map(({ type, ...payload }, index) => ({
    id: definedEventId(gameId, commandId, index),
    type,
    data: payload,
    schemaVersion: GAME_EVENT_SCHEMA_VERSION,
    metadata: { ...metadata, ...(index === 0 ? firstEventMetadata : {}), schemaVersion: GAME_EVENT_SCHEMA_VERSION },
  }));

/** The JSON text, which holds the key order a deep equality ignores. */
const text = (value: unknown) => JSON.stringify(value);

const key = fc.oneof(fc.string(), fc.constantFrom('type', 'data', 'secret', 'schemaVersion', 'commandId', '0', '10', '2', '__proto__'));
const record = fc.dictionary(key, fc.jsonValue(), { maxKeys: 6 });

describe('deterministicEventId', () => {
  it('gives the UUID the definition gives, for any game, command and index', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(1000), (gameId, commandId, index) => {
        expect(deterministicEventId(gameId, commandId, index)).toBe(definedEventId(gameId, commandId, index));
      }),
      { numRuns: 2000 },
    );
  });

  it('is an RFC 4122 shaped UUID (version 5, variant 10xx)', () => {
    expect(deterministicEventId('g', 'c', 0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('toNewEvents', () => {
  it('gives exactly what the spreads it replaced give: ids, payloads and metadata in the same key order', () => {
    const event = fc.record({ type: fc.string(), data: fc.jsonValue() }).chain((base) =>
      fc.oneof(
        fc.constant(base),
        fc.record({ visibleTo: fc.array(fc.nat(4)), data: fc.jsonValue() }).map((secret) => ({ ...base, secret })),
        // Key orders and fields the rules do not write today still come out as the spread gave them.
        record.map((extra) => ({ ...extra, ...base })),
        record.map((extra) => ({ ...base, ...extra })),
      ),
    );
    fc.assert(
      fc.property(fc.uuid(), fc.string(), fc.array(event, { maxLength: 4 }), record, record, (gameId, commandId, events, metadata, first) => {
        const decided = events as unknown as GameEvent[];
        const made = toNewEvents(gameId, commandId, decided, metadata, first);
        const defined = definedNewEvents(gameId, commandId, decided, metadata, first);
        expect(text(made)).toBe(text(defined));
        expect(made).toEqual(defined);
      }),
      { numRuns: 500 },
    );
  });

  it('puts the first event metadata on the first event only, and leaves its inputs unchanged', () => {
    const events = [
      Object.freeze({ type: 'A', data: Object.freeze({ n: 1 }) }),
      Object.freeze({ type: 'B', data: Object.freeze({ n: 2 }) }),
    ] as unknown as GameEvent[];
    const rest = Object.freeze({ commandId: 'c-1' });
    const first = Object.freeze({ commandId: 'c-1', seat: 1, recordedAt: 'now' });
    const made = toNewEvents('g', 'c-1', events, rest, first);
    expect(made.map((e) => e.metadata)).toEqual([
      { commandId: 'c-1', seat: 1, recordedAt: 'now', schemaVersion: GAME_EVENT_SCHEMA_VERSION },
      { commandId: 'c-1', schemaVersion: GAME_EVENT_SCHEMA_VERSION },
    ]);
    expect(made[0].metadata).not.toBe(made[1].metadata);
    expect(made.map((e) => e.data)).toEqual([{ data: { n: 1 } }, { data: { n: 2 } }]);
  });
});

describe('toDomainEvent', () => {
  it('gives what `{ type, ...data }` gives, in the same key order', () => {
    fc.assert(
      fc.property(fc.string(), record, (type, data) => {
        const recorded = { id: 'e', streamId: 'game-g', revision: 0, position: 0n, type, data, metadata: {}, schemaVersion: 1 };
        const defined = { type, ...data };
        expect(text(toDomainEvent(recorded))).toBe(text(defined));
        expect(toDomainEvent(recorded)).toEqual(defined);
      }),
      { numRuns: 500 },
    );
  });
});

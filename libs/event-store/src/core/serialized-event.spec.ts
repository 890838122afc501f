// An append's metadata is encoded once for the events that carry the same metadata, and the
// storage is handed one string for them; different metadata is encoded apart.
import type { NewEvent } from '../event-store.port';
import { committedEvent, isJsonValue, sameMetadata, serializeEvents } from './serialized-event';

describe('serializeEvents with a storage encoding of its own', () => {
  const command = { type: 'MoveShip', to: [1, 2] };

  it('encodes metadata equal to the previous event’s once, and anything that differs again', () => {
    const calls: unknown[] = [];
    const encode = (metadata: unknown, version: number) => {
      calls.push(metadata);
      return `${JSON.stringify(metadata)}@${version}`;
    };
    const shared = { commandId: 'c-1', seat: 1, command };
    const events = serializeEvents(
      'game-1',
      [
        { id: 'a', type: 'T', data: {}, metadata: { ...shared, first: true } },
        { id: 'b', type: 'T', data: {}, metadata: { ...shared } },
        { id: 'c', type: 'T', data: {}, metadata: { ...shared } },
        { id: 'd', type: 'T', data: {}, metadata: { ...shared }, schemaVersion: 2 },
        { id: 'e', type: 'T', data: {}, metadata: { ...shared, seat: 2 } },
      ],
      encode,
    );
    expect(calls).toHaveLength(4);
    expect(events.map((e) => e.storedMetadata)).toEqual([
      `${JSON.stringify({ ...shared, first: true })}@1`,
      `${JSON.stringify(shared)}@1`,
      `${JSON.stringify(shared)}@1`,
      `${JSON.stringify(shared)}@2`,
      `${JSON.stringify({ ...shared, seat: 2 })}@1`,
    ]);
  });

  it('calls metadata the same only with the same keys in the same order and the same values', () => {
    expect(sameMetadata(undefined, undefined)).toBe(true);
    expect(sameMetadata({ a: 1 }, undefined)).toBe(false);
    expect(sameMetadata({ a: 1, b: command }, { a: 1, b: command })).toBe(true);
    expect(sameMetadata({ a: 1, b: command }, { b: command, a: 1 })).toBe(false);
    expect(sameMetadata({ a: 1, b: command }, { a: 1, b: { ...command } })).toBe(false);
    expect(sameMetadata({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});

describe('committedEvent: what live subscribers get', () => {
  const committed = (event: NewEvent) => committedEvent(serializeEvents('game-1', [event])[0]!, 'game-1', 0, 1n, undefined);

  it('hands on plain JSON data and metadata themselves, deeply frozen, so no one can change what the log holds', () => {
    const data = { ship: { hex: { q: 1, r: 2 } }, path: [1, 2] };
    const metadata = { commandId: 'c-1', command: { type: 'Move' } };
    const event = committed({ id: 'a', type: 'T', data, metadata });
    expect(event.data).toBe(data);
    expect(event.metadata).toBe(metadata);
    expect(Object.isFrozen(data.ship.hex) && Object.isFrozen(data.path) && Object.isFrozen(metadata.command)).toBe(true);
    expect(() => {
      (event.data as typeof data).ship.hex.q = 9;
    }).toThrow(TypeError);
  });

  it('parses the stored text afresh for a value JSON would change, so subscribers see what a reader of the log sees', () => {
    class Command {
      type = 'Move';
    }
    for (const [data, metadata] of [
      [{ a: undefined, b: 1 }, {}],
      [{ at: new Date(0) }, {}],
      [{ n: -0 }, {}],
      [{ list: [1, undefined] }, {}],
      [{ n: Number.NaN }, {}],
      [{ ok: true }, { command: new Command() }],
    ] as const) {
      const event = committed({ id: 'a', type: 'T', data, metadata });
      expect(event.data).not.toBe(data);
      expect(event.data).toStrictEqual(JSON.parse(JSON.stringify(data)));
      expect(event.metadata).toStrictEqual(JSON.parse(JSON.stringify(metadata)));
      expect(Object.isFrozen(data)).toBe(false);
    }
  });

  it('calls JSON values only what survives a round trip unchanged', () => {
    for (const value of ['s', 1, true, null, [], {}, [1, 'a', { b: [null] }], Object.create(null)]) expect(isJsonValue(value)).toBe(true);
    // eslint-disable-next-line no-sparse-arrays
    for (const value of [undefined, () => 1, 1n, Infinity, -0, [1, , 2], { a: undefined }, new Map(), Symbol('s')]) expect(isJsonValue(value)).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 80; i++) deep = [deep];
    expect(isJsonValue(deep)).toBe(false);
  });
});

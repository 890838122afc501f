// An append's metadata is encoded once for the events that carry the same metadata, and the
// storage is handed one string for them; different metadata is encoded apart.
import { sameMetadata, serializeEvents } from './serialized-event';

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

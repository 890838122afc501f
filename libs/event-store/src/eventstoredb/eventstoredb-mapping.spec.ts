import { ANY, NO_STREAM, STREAM_EXISTS } from '@eventstore/db-client';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../errors';
import { normalizeConnectionString } from './eventstoredb-connection';
import { toEventStoreDbId } from './eventstoredb-event-ids';
import {
  UNKNOWN_POSITION,
  fromResolvedEvent,
  toEventData,
  toExpectedRevision,
  toServerFilter,
  toWrongExpectedRevision,
  toUnavailable,
} from './eventstoredb-mapping';

describe('EventStoreDB mapping', () => {
  describe('expected revisions', () => {
    it.each([
      ['any', ANY],
      ['no_stream', NO_STREAM],
      ['stream_exists', STREAM_EXISTS],
      [7, 7n],
    ] as const)('%s becomes %s', (expected, esdb) => expect(toExpectedRevision(expected)).toBe(esdb));
  });

  describe('event ids', () => {
    it('keeps an id that is already a lowercase UUID', () => {
      expect(toEventStoreDbId('0b6f4f3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe('0b6f4f3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
    });

    it('derives the same version-5-shaped UUID from the same Logbook id every time, so retries stay retries', () => {
      const derived = toEventStoreDbId('cmd-42/ShipMoved/0');
      expect(derived).toBe(toEventStoreDbId('cmd-42/ShipMoved/0'));
      expect(derived).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(toEventStoreDbId('cmd-42/ShipMoved/1')).not.toBe(derived);
    });
  });

  describe('the envelope round trip', () => {
    const event = { id: 'cmd-1/0', type: 'ShipMoved', data: { to: 'B2' }, metadata: { seat: 1 }, schemaVersion: 2 };

    it('writes the schema version and a non-UUID Logbook id into metadata, under keys without the server-reserved $', () => {
      expect(toEventData(event)).toEqual({
        id: toEventStoreDbId('cmd-1/0'),
        contentType: 'application/json',
        type: 'ShipMoved',
        data: { to: 'B2' },
        metadata: { seat: 1, logbookSchemaVersion: 2, logbookId: 'cmd-1/0' },
      });
    });

    it('reads them back out of metadata into the envelope', () => {
      const written = toEventData(event);
      const read = fromResolvedEvent({
        event: {
          streamId: 'game-1',
          id: written.id,
          isJson: true,
          revision: 3n,
          type: 'ShipMoved',
          created: new Date(0),
          data: { to: 'B2' },
          metadata: written.metadata as never,
          position: { commit: 1234n, prepare: 1234n },
        },
      } as never);
      expect(read).toEqual({
        id: 'cmd-1/0',
        streamId: 'game-1',
        revision: 3,
        position: 1234n,
        type: 'ShipMoved',
        data: { to: 'B2' },
        metadata: { seat: 1 },
        schemaVersion: 2,
      });
    });

    it('still reads events written with the old $schemaVersion / $logbookId keys', () => {
      const read = fromResolvedEvent({
        event: {
          streamId: 'game-1',
          id: toEventStoreDbId('cmd-1/0'),
          isJson: true,
          revision: 0n,
          type: 'ShipMoved',
          created: new Date(0),
          data: {},
          metadata: { seat: 1, $schemaVersion: 2, $logbookId: 'cmd-1/0' },
          position: { commit: 9n, prepare: 9n },
        },
      } as never);
      expect(read).toMatchObject({ id: 'cmd-1/0', metadata: { seat: 1 }, schemaVersion: 2 });
    });

    it('reads an event written by another tool as version 1 with its own id, and an unknown position as -1', () => {
      const read = fromResolvedEvent({
        event: { streamId: 's', id: 'u', isJson: true, revision: 0n, type: 't', created: new Date(0), data: {}, metadata: undefined },
      } as never);
      expect(read).toMatchObject({ id: 'u', metadata: {}, schemaVersion: 1, position: UNKNOWN_POSITION });
    });
  });

  describe('server-side filters', () => {
    it('sends stream prefixes to the server when given', () => {
      expect(toServerFilter({ streamPrefixes: ['game-'], eventTypes: ['ShipMoved'] })).toMatchObject({
        filterOn: 'streamName',
        prefixes: ['game-'],
      });
    });

    it('sends exact event types as an anchored, escaped regex', () => {
      const filter = toServerFilter({ eventTypes: ['ShipMoved', 'a.b'] }) as { regex: string };
      expect(filter).toMatchObject({ filterOn: 'eventType' });
      const regex = new RegExp(filter.regex);
      expect(['ShipMoved', 'a.b'].every((type) => regex.test(type))).toBe(true);
      expect(['ShipMovedTwice', 'axb'].some((type) => regex.test(type))).toBe(false);
    });

    it('excludes system events when nothing is filtered', () => {
      expect(toServerFilter(undefined)).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
    });
  });

  describe('errors', () => {
    it("maps WrongExpectedVersion to the port's conflict with the stream's actual revision", () => {
      const mapped = toWrongExpectedRevision({ type: 'wrong-expected-version', actualVersion: 4n }, 'game-1', 2);
      expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
      expect(mapped).toMatchObject({ streamId: 'game-1', expected: 2, actual: 4 });
    });

    it("says 'no_stream' when the stream does not exist", () => {
      expect(toWrongExpectedRevision({ type: 'wrong-expected-version', actualVersion: 'no_stream' }, 's', 0)).toMatchObject({
        actual: 'no_stream',
      });
    });

    it('also recognises a raw gRPC UNAVAILABLE status error (no connection established)', () => {
      const raw = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14, details: 'No connection', metadata: {} });
      expect(toUnavailable(raw)).toBeInstanceOf(EventStoreUnavailableError);
    });

    it('leaves other errors alone', () => {
      expect(toUnavailable(Object.assign(new Error('x'), { code: 3, metadata: {} }))).toBeUndefined();
      expect(toWrongExpectedRevision(new Error('unavailable'), 's', 0)).toBeUndefined();
    });
  });

  describe('connection strings', () => {
    it.each([
      ['esdb://localhost:2113?tls=false', 'esdb://localhost:2113?tls=false'],
      ['esdb://node1:2113,node2:2113,node3:2113?tls=false', 'esdb://node1:2113,node2:2113,node3:2113?tls=false'],
      ['kurrentdb://admin:changeit@localhost:2113?tls=false', 'esdb://admin:changeit@localhost:2113?tls=false'],
      ['kurrentdb+discover://cluster.example:2113', 'esdb+discover://cluster.example:2113'],
      ['kdb://localhost:2113', 'esdb://localhost:2113'],
    ])('%s is given to the client as %s', (given, used) => expect(normalizeConnectionString(given)).toBe(used));
  });
});

describe('client errors that mean the server did not answer', () => {
  it.each(['unavailable', 'deadline-exceeded', 'timeout', 'not-leader', 'cancelled'])('%s becomes EventStoreUnavailableError', (type) => {
    expect(toUnavailable(Object.assign(new Error(type), { type }))).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('also recognises a raw gRPC UNAVAILABLE status error (no connection established)', () => {
    const raw = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14, details: 'No connection', metadata: {} });
    expect(toUnavailable(raw)).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('leaves other errors alone', () => {
    expect(toUnavailable(Object.assign(new Error('x'), { code: 3, metadata: {} }))).toBeUndefined();
    expect(toUnavailable(Object.assign(new Error('x'), { type: 'wrong-expected-version' }))).toBeUndefined();
    expect(toUnavailable(new Error('plain'))).toBeUndefined();
  });
});

import fc from 'fast-check';
import type { RecordedEvent } from '@logbook/event-store';
import { actionMetadata, groupActions, type ActionRecord } from './action-metadata';

/** The definition the field-by-field code replaced: the log's metadata keeps its key order. */
function definedActionMetadata(record: ActionRecord) {
  const { draws, correlationId, commandSecret, ...rest } = record;
  return {
    first: {
      ...rest,
      ...(correlationId !== undefined && correlationId !== record.commandId ? { correlationId } : {}),
      ...(draws && draws.length > 0 ? { draws: [...draws] } : {}),
      ...(commandSecret ? { commandSecret } : {}),
    },
    rest: { commandId: record.commandId },
  };
}

const event = (revision: number, metadata: Record<string, unknown>): RecordedEvent => ({
  id: `e${revision}`,
  streamId: 'game-g',
  revision,
  position: BigInt(revision),
  type: 'X',
  data: {},
  metadata,
  schemaVersion: 1,
});

describe('what an action records', () => {
  it('puts the whole record on the first event and only the commandId on the others; draws only when there are some', () => {
    const { first, rest } = actionMetadata({
      commandId: 'c1',
      seat: 2,
      recordedAt: 't',
      command: { type: 'MoveShip' },
      commandFingerprint: 'f',
      draws: [3, 1],
    });
    expect(first).toEqual({ commandId: 'c1', seat: 2, recordedAt: 't', command: { type: 'MoveShip' }, commandFingerprint: 'f', draws: [3, 1] });
    expect(rest).toEqual({ commandId: 'c1' });
    expect(
      actionMetadata({ commandId: 'c2', seat: 1, recordedAt: 't', command: { type: 'EndTurn' }, commandFingerprint: 'f', draws: [] }).first,
    ).not.toHaveProperty('draws');
  });

  it('records exactly what the definition records, in the same key order, for any record', () => {
    const record = fc.record(
      {
        correlationId: fc.constantFrom('c1', 'trace-9'),
        commandId: fc.constantFrom('c1', 'c2'),
        seat: fc.option(fc.nat(4)),
        recordedAt: fc.string(),
        command: fc.record({ type: fc.string(), n: fc.nat() }),
        commandFingerprint: fc.string(),
        draws: fc.array(fc.nat(6), { maxLength: 3 }),
        commandSecret: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
      },
      { requiredKeys: ['commandId', 'seat', 'recordedAt', 'command', 'commandFingerprint'] },
    );
    fc.assert(
      fc.property(record, fc.boolean(), (r, reversed) => {
        // Key order as the caller wrote it: both orders come out as the definition gives them.
        const input = (reversed ? Object.fromEntries(Object.entries(r).reverse()) : r) as ActionRecord;
        const made = actionMetadata(input);
        const defined = definedActionMetadata(input);
        expect(JSON.stringify(made)).toBe(JSON.stringify(defined));
        expect(made).toEqual(defined);
        if (input.draws && input.draws.length > 0) expect(made.first.draws).not.toBe(input.draws);
      }),
      { numRuns: 300 },
    );
  });

  it('writes a correlation id only when the client sent one other than the commandId, and never a causation id (both are the commandId)', () => {
    const record = { commandId: 'c1', seat: 2, recordedAt: 't', command: { type: 'MoveShip' }, commandFingerprint: 'f' };
    expect(actionMetadata({ ...record, correlationId: 'trace-9' }).first).toMatchObject({ correlationId: 'trace-9' });
    expect(actionMetadata({ ...record, correlationId: 'c1' }).first).not.toHaveProperty('correlationId');
    expect(actionMetadata({ ...record, correlationId: 'trace-9' }).first).not.toHaveProperty('causationId');
  });

  it('groups both shapes of log into actions: the recorded one, and the older one with full metadata on every event', () => {
    const recorded = [
      event(0, { commandId: 'a', seat: null, command: { type: 'CreateGame' }, draws: [1] }),
      event(1, { commandId: 'a' }),
      event(2, { commandId: 'b', seat: 1, command: { type: 'EndTurn' } }),
    ];
    const old = [
      event(0, { commandId: 'a', seat: null, commandFingerprint: 'x' }),
      event(1, { commandId: 'a', seat: null, commandFingerprint: 'x' }),
      event(2, { commandId: 'b', seat: 1, commandFingerprint: 'y' }),
    ];
    expect(groupActions(recorded).map((a) => [a.actionId, a.seat, a.command?.type, a.draws, a.events.length])).toEqual([
      ['a', null, 'CreateGame', [1], 2],
      ['b', 1, 'EndTurn', [], 1],
    ]);
    expect(groupActions(old).map((a) => [a.actionId, a.seat, a.command, a.events.length])).toEqual([
      ['a', null, undefined, 2],
      ['b', 1, undefined, 1],
    ]);
  });
});

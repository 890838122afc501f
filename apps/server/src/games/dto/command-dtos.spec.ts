import { BadRequestException } from '@nestjs/common';
import fc from 'fast-check';
import { parseCommandBody, validateCommandBody } from './command-dtos';
import type { CommandDtoTable } from './command-base.dto';
import { MoveShipDto, NAVIGATION_DTOS } from './navigation.dto';
import { EndTurnDto } from './turn.dto';

const reasons = (body: unknown): string[] => {
  try {
    parseCommandBody(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    const response = (error as BadRequestException).getResponse() as { message: string | string[] };
    return ([] as string[]).concat(response.message);
  }
  throw new Error('expected a 400');
};

describe('command bodies at the edge', () => {
  it('accepts a check option as one index or one per step, and boons flat or per step', () => {
    for (const choice of [{ option: 1 }, { option: [0, 1] }, { boons: ['cutlass'] }, { boons: [['cutlass'], ['spark']] }]) {
      const { command } = parseCommandBody({ commandId: 'c1', type: 'EngageShip', enemyShipId: 'lantern-1', ...choice });
      expect(command).toMatchObject({ type: 'EngageShip', enemyShipId: 'lantern-1', ...choice });
    }
  });

  it('returns the command without its commandId', () => {
    const { commandId, command } = parseCommandBody({ commandId: 'c-7', type: 'TurnShip', direction: 'ccw' });
    expect(commandId).toBe('c-7');
    expect(command).toEqual({ type: 'TurnShip', direction: 'ccw' });
  });

  it('names an unknown field', () => {
    expect(reasons({ commandId: 'c1', type: 'MoveShip', speed: 2 }).join()).toContain('speed');
  });

  it('lists the known types for an unknown type', () => {
    expect(reasons({ commandId: 'c1', type: 'Teleport' }).join()).toContain('StartNavigation');
  });

  it('refuses a wrong field type, a missing commandId and a body that is not an object', () => {
    expect(reasons({ commandId: 'c1', type: 'TurnShip', direction: 'left' }).join()).toContain('direction');
    expect(reasons({ type: 'EndTurn' }).join()).toContain('commandId');
    expect(reasons([1, 2]).join()).toContain('JSON object');
    expect(reasons({ commandId: 'c1', type: 'PurgeAltar', hex: { q: 'x', r: 0 } }).join()).toContain('hex.q');
    expect(reasons({ commandId: 'c1', type: 'EngageShip', enemyShipId: 'e', boons: [1] }).join()).toContain('boons');
  });

  it('refuses a Navigate turn step without its direction, and accepts one with it', () => {
    expect(reasons({ commandId: 'c1', type: 'Navigate', steps: [{ action: 'turn' }] }).join()).toContain('steps.0.direction');
    expect(parseCommandBody({ commandId: 'c1', type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }, { action: 'move' }] }).command).toEqual({
      type: 'Navigate',
      steps: [{ action: 'turn', direction: 'cw' }, { action: 'move' }],
    });
  });
});

describe('check options at the edge', () => {
  it('refuses an option out of range or of the wrong shape', () => {
    for (const option of [-1, 10, 1.5, 'a', [0, 'b'], Array(11).fill(0)]) {
      expect(reasons({ commandId: 'c1', type: 'AttemptRepair', option }).join()).toContain('option');
    }
  });
});

describe('bodies seen before', () => {
  /** What a call gives: the result as JSON text (key order included) or the 400's reasons. */
  const outcome = (parse: () => unknown): string => {
    try {
      return `ok ${JSON.stringify(parse())}`;
    } catch (error) {
      if (!(error instanceof BadRequestException)) throw error;
      return `400 ${JSON.stringify(error.getResponse())}`;
    }
  };
  const same = (body: object) => {
    const defined = outcome(() => validateCommandBody(body));
    // Twice: the first call may fill the memo, the second may answer from it.
    expect(outcome(() => parseCommandBody(body))).toBe(defined);
    expect(outcome(() => parseCommandBody(body))).toBe(defined);
  };

  it('pass or fail exactly as the DTOs decide, whatever the commandId, fields and their order', () => {
    const commandId = fc.oneof(fc.constantFrom('c-1', 'c-2', 'x'.repeat(100), 'x'.repeat(101), '', 'c 1', 'ç'), fc.string(), fc.integer());
    const value = fc.oneof(fc.constantFrom(0, -0, 1, 5, 6, 1.5, -1, 'cw', 'ccw', 'left', 'move', 'turn', null, true), fc.jsonValue());
    const fields = fc.dictionary(fc.constantFrom('direction', 'rotation', 'shipId', 'steps', 'option', 'speed', 'hex', '__proto__'), value, { maxKeys: 3 });
    const steps = fc.array(
      fc.record({ action: fc.constantFrom('move', 'turn', 'explore', 'fly'), direction: fc.constantFrom('cw', 'ccw', 'up') }, { requiredKeys: ['action'] }),
      { maxLength: 3 },
    );
    const type = fc.constantFrom('MoveShip', 'TurnShip', 'StartNavigation', 'ExploreTile', 'Navigate', 'EndTurn', 'AttemptRepair', 'Teleport');
    fc.assert(
      fc.property(commandId, type, fields, steps, fc.boolean(), (id, t, extra, plan, idLast) => {
        const body: Record<string, unknown> = idLast ? { type: t, ...extra, commandId: id } : { commandId: id, type: t, ...extra };
        if (t === 'Navigate' && !('steps' in extra)) body.steps = plan;
        same(body);
        // The same body under another valid commandId: the memo's case.
        same({ ...body, commandId: 'another-1' });
      }),
      { numRuns: 400 },
    );
  });

  it('never take a value JSON cannot tell apart for the one it was seen with', () => {
    same({ commandId: 'c1', type: 'ExploreTile', rotation: null });
    same({ commandId: 'c1', type: 'Navigate', steps: [null, { action: 'move' }] });
    // eslint-disable-next-line no-sparse-arrays
    same({ commandId: 'c1', type: 'Navigate', steps: [, { action: 'move' }] });
    same({ commandId: 'c1', type: 'Navigate', steps: [{ action: 'move', toJSON: () => ({ action: 'move' }) }] });
    same(Object.assign(Object.create(null) as object, { commandId: 'c3', type: 'MoveShip' }));
    same(JSON.parse('{"commandId":"c4","type":"MoveShip","__proto__":{"x":1}}') as object);
    for (const rotation of [Infinity, NaN, undefined, new Date(0), { toJSON: () => null }]) {
      expect(outcome(() => parseCommandBody({ commandId: 'c2', type: 'ExploreTile', rotation }))).toBe(
        outcome(() => validateCommandBody({ commandId: 'c2', type: 'ExploreTile', rotation })),
      );
    }
  });

  it('give each caller its own command', () => {
    const first = parseCommandBody({ commandId: 'a', type: 'Navigate', steps: [{ action: 'move' }] });
    const second = parseCommandBody({ commandId: 'b', type: 'Navigate', steps: [{ action: 'move' }] });
    expect(second).toEqual({ commandId: 'b', command: first.command });
    expect(second.command).not.toBe(first.command);
  });
});

describe('the DTO tables', () => {
  it('name every command of a feature, or do not compile (checked by npm run typecheck)', () => {
    // @ts-expect-error a feature table that leaves out one of its commands (TurnShip) does not compile
    const missing: CommandDtoTable<'MoveShip' | 'TurnShip'> = { MoveShip: MoveShipDto };
    // @ts-expect-error a DTO that does not implement its command's fields does not compile
    const wrong: CommandDtoTable<'TurnShip'> = { TurnShip: EndTurnDto };
    expect(Object.keys(NAVIGATION_DTOS)).toEqual(['StartNavigation', 'MoveShip', 'TurnShip', 'ExploreTile', 'EndNavigation', 'Navigate']);
    expect([missing, wrong]).toHaveLength(2);
  });
});

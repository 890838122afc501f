import { BadRequestException } from '@nestjs/common';
import { parseCommandBody } from './command-dtos';

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

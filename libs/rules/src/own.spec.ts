// Ids named like Object.prototype's members must be refused by the rules, never crash them: a
// lookup in a plain object finds `constructor` (a function) or `__proto__` (Object.prototype).
import { RuleViolation } from './errors';
import type { GameCommand } from './commands';
import { given } from './testing/decider-spec';
import { arrangedGame } from './ships/testing/ship-kit';
import { own } from './own';

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

describe('ids named like object properties', () => {
  it("own() finds only the record's own entries", () => {
    const record: Record<string, number> = { a: 1 };
    for (const name of PROTOTYPE_NAMES) expect(own(record, name)).toBeUndefined();
    expect(own(record, 'a')).toBe(1);
  });

  const commands = (id: string): GameCommand[] => [
    { type: 'EngageShip', enemyShipId: id },
    { type: 'EngageShip', enemyShipId: 'lantern-1', boons: [id] },
    { type: 'EngageShip', enemyShipId: 'lantern-1', boons: [[id], [id]] },
    { type: 'RepelEnemy', enemyId: id },
    { type: 'MoveCrew', crewId: id, node: 'navigation-1' },
    { type: 'MoveCrew', crewId: 'rook', node: id },
    { type: 'Embark', shipId: id },
    { type: 'ReduceStructuralDamage', play: [id] },
    { type: 'ReduceStructuralDamage', discard: [id] },
    { type: 'AttemptRepair', boons: [id] },
    { type: id } as unknown as GameCommand,
  ];

  it.each(PROTOTYPE_NAMES)('refuses %s anywhere an id goes with a rule, not a TypeError', (name) => {
    for (const command of commands(name)) {
      let error: unknown;
      try {
        given(arrangedGame()).when(command).events();
      } catch (e) {
        error = e;
      }
      expect({ command, error: error instanceof RuleViolation ? 'rule' : String(error) }).toEqual({ command, error: 'rule' });
    }
  });
});

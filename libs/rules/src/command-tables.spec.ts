// Every per-command table is keyed by the command union: a table missing one command is a compile
// error (checked by `npm run typecheck`, whose root tsconfig includes this spec), never a
// `default:` branch that goes quiet.
import type { CommandSpec, CommandSpecs } from './command-spec';
import { COMMAND_SPECS } from './decide';
import type { NavigationCommand } from './navigation/navigation.commands';
import { navigationCommands } from './navigation/navigation.decide';

const { TurnShip: _turn, ...withoutTurnShip } = navigationCommands;

// @ts-expect-error TurnShip is missing: the table does not compile.
const missing: CommandSpecs<NavigationCommand> = withoutTurnShip;

// @ts-expect-error a table entry without its rule ids does not compile.
const noRules: CommandSpec<NavigationCommand> = { actor: 'active-seat', decide: () => undefined, candidates: () => [] };

describe('the command tables', () => {
  it('hold an entry for every command, each with its rule ids and candidates', () => {
    expect(Object.keys(missing)).not.toContain('TurnShip');
    expect(noRules).not.toHaveProperty('rules');
    for (const spec of Object.values(COMMAND_SPECS) as Array<CommandSpec<unknown>>) {
      expect(Array.isArray(spec.rules)).toBe(true);
      expect(typeof spec.candidates).toBe('function');
    }
  });
});

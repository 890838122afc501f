// decide: (state, command) => events. The checks run in a fixed order, as boardgame.io's
// reducer does: game exists → game not over → seat may act → nothing pending → order not
// interrupted → the command's own rules.
import { own } from './own';
import type { GameCommand, PlayCommand } from './commands';
import type { CommandSpec, CommandSpecs } from './command-spec';
import { characterCommands } from './characters/characters.decide';
import { characterHooks } from './characters/characters.hooks';
import { crewCommands } from './crew/crew.decide';
import { damageCommands } from './damage/damage.decide';
import { Decision } from './decision';
import { enemyCommands } from './enemies/enemies.decide';
import { enemyHooks } from './enemies/enemies.hooks';
import { RuleViolation, ensure } from './errors';
import type { GameEvent } from './events';
import { navigationCommands } from './navigation/navigation.decide';
import { phaseHookTable } from './phase-hooks';
import { plunderCommands } from './plunder/plunder.decide';
import { plunderHooks } from './plunder/plunder.hooks';
import type { Rng } from './random';
import { ensureSeatMayAct } from './seat-may-act';
import { decideCreateGame } from './setup/setup.decide';
import { shipCommands } from './ships/ships.decide';
import type { GameState } from './state';
import { continueAfterTurnEnd } from './turn/turn-flow';
import { turnCommands } from './turn/turn.decide';

/**
 * Every command a seat sends, by type: who may send it and when, its rules, the rule ids they
 * raise and its candidates. Typed against the union: a command missing here does not compile.
 */
export const COMMAND_SPECS = {
  ...turnCommands,
  ...navigationCommands,
  ...crewCommands,
  ...shipCommands,
  ...damageCommands,
  ...plunderCommands,
  ...characterCommands,
  ...enemyCommands,
} satisfies CommandSpecs<PlayCommand>;

/**
 * What runs at the end of a turn, a round and the scenario, in this order (boardgame.io's
 * `turn.onEnd`): a wrecked ship loses plunder before the active character resets its hand.
 */
export const PHASE_HOOKS = phaseHookTable(plunderHooks, characterHooks, enemyHooks);

/** The refusals any command can meet before its own rules run, in the order they are checked. */
export const PIPELINE_RULES: readonly string[] = [
  'game.over',
  'seat.unknown',
  'turn.not-your-turn',
  'pending.response-required',
  'navigation.order-in-progress',
];

export interface DecideContext {
  /** The seat sending the command; null only for CreateGame. */
  seat: number | null;
  rng: Rng;
  /**
   * When the command is decided, in milliseconds since the epoch: the caller's clock, recorded
   * with the action (its recordedAt). Only takeback requests and answers read it (their expiry),
   * and a replay passes the recorded time; the rules only add and compare it, never read a clock.
   */
  now?: number;
}

export const isKnownCommandType = (type: string): type is GameCommand['type'] =>
  type === 'CreateGame' || Object.prototype.hasOwnProperty.call(COMMAND_SPECS, type);

export function decide(state: GameState, command: GameCommand, context: DecideContext): GameEvent[] {
  const spec = specOf(command);
  // A spec is found only for a play command (never CreateGame).
  const parts = spec?.parts?.(command as PlayCommand);
  if (parts) return decideParts(state, parts, context, true).events;
  return runDecision(state, command, spec, context).events;
}

/**
 * decide, and the state after the events: what folding them onto `state` gives, without folding
 * again. The result shares every part the command did not touch with `state`; both are frozen
 * from then on (a state a history keeps is never changed; to mutate one, fold onto a copy).
 */
export function decideAndApply(
  state: GameState,
  command: GameCommand,
  context: DecideContext,
  /** False leaves the state after unfrozen (a production server's choice; see Decision). */
  freezeStates = true,
): { events: GameEvent[]; state: GameState } {
  const spec = specOf(command);
  // A spec is found only for a play command (never CreateGame).
  const parts = spec?.parts?.(command as PlayCommand);
  if (parts) return decideParts(state, parts, context, freezeStates);
  const decision = runDecision(state, command, spec, context, freezeStates);
  return { events: decision.events, state: decision.finish() };
}

/** The command's table entry, looked up once per command (its `parts`, then its pipeline); undefined for CreateGame or an unknown type. */
function specOf(command: GameCommand): CommandSpec<PlayCommand> | undefined {
  return command.type === 'CreateGame' ? undefined : own(COMMAND_SPECS as Record<string, CommandSpec<PlayCommand>>, command.type);
}

/** Each part decided on the state the one before it left, as the seat's commands one after another would be: one action. */
function decideParts(
  state: GameState,
  parts: readonly PlayCommand[],
  context: DecideContext,
  freezeStates: boolean,
): { events: GameEvent[]; state: GameState } {
  const events: GameEvent[] = [];
  let after = state;
  for (const part of parts) {
    const decision = runDecision(after, part, specOf(part), context, freezeStates);
    for (const event of decision.events) events.push(event);
    after = decision.finish();
  }
  return { events, state: after };
}

function runDecision(
  state: GameState,
  command: GameCommand,
  spec: CommandSpec<PlayCommand> | undefined,
  context: DecideContext,
  freezeStates = true,
): Decision {
  const decision = new Decision(state, context.seat, context.rng, freezeStates);
  decision.hooks = PHASE_HOOKS;
  if (command.type === 'CreateGame') {
    ensure(state.status === 'new', 'game.already-exists', 'This game already exists');
    decideCreateGame(decision, command);
    return decision;
  }
  ensureSeatMayAct(state, decision);

  if (!spec) throw new RuleViolation('command.unknown', `Unknown command type ${command.type}`);
  const seat = decision.seat;
  if (spec.actor === 'active-seat') {
    // Tested before the message is built: every accepted command passes this check.
    if (state.turn?.seat !== seat) throw new RuleViolation('turn.not-your-turn', `It is seat ${state.turn?.seat}'s turn`);
  }
  if (state.pending) {
    if (!spec.whilePending?.includes(state.pending.kind)) {
      throw new RuleViolation('pending.response-required', `The game waits for ${state.pending.kind} to be resolved first`);
    }
  }
  if (state.navigation) {
    ensure(spec.duringNavigation, 'navigation.order-in-progress', 'A Navigation order is open: nothing else may happen until it ends');
  }
  spec.decide(decision, command);
  // Triggers after any accepted command: a turn that ended waits for nothing pending to pass on.
  continueAfterTurnEnd(decision);
  return decision;
}

// The simulator's core: plays one whole game with bots through the rules' own decide/apply,
// action by action, recording each action as the command path does (its command, its seat, the
// values drawn). Pure apart from hashing: the same options give the same game, event for event.
import { createHash } from 'node:crypto';
import {
  RuleViolation,
  applyEvent,
  decide,
  initialState,
  legalCommands,
  seededRng,
  type CreateGame,
  type GameEvent,
  type GameState,
  type LogCommand,
  type Rng,
  type ScenarioDefinition,
} from '@logbook/rules';
import { makeBot, type BotName, type PlayCommand } from './bots';

export interface SimulationOptions {
  scenario: ScenarioDefinition;
  players: number;
  bot: BotName;
  /** The run's seed; game `index` of the run plays from a seed derived from both. */
  seed: number;
  index: number;
  /** A game still running after this many actions is left unfinished (a bot that cannot end it). */
  maxActions?: number;
}

export interface SimulatedAction {
  commandId: string;
  seat: number | null;
  command: PlayCommand | CreateGame;
  events: GameEvent[];
  /** The values the decision drew from the random source, in order (secret in the log). */
  draws: number[];
}

export interface SimulatedGame {
  gameId: string;
  gameSeed: number;
  actions: SimulatedAction[];
  state: GameState;
  /** Choices the rules refused (an explore whose tile did not fit, or a bot's own command). */
  refused: number;
  finished: boolean;
}

export interface SimulationMarker {
  simulated: true;
  bot: BotName;
  seed: number;
  index: number;
  gameSeed: number;
}

const hash = (text: string): Buffer => createHash('sha256').update(text).digest();

/** A game id (UUID-shaped) derived from the run: a rerun of the same seed names the same games. */
export const simulatedGameId = (o: Pick<SimulationOptions, 'scenario' | 'players' | 'bot' | 'seed' | 'index'>): string => {
  const hex = hash(`simulation\u0000${o.scenario.id}\u0000${o.players}\u0000${o.bot}\u0000${o.seed}\u0000${o.index}`).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** Each game's own seed, from everything that names the game: games of other bots or scenarios roll independently. */
export const gameSeedOf = (o: Pick<SimulationOptions, 'scenario' | 'players' | 'bot' | 'seed' | 'index'>): number =>
  hash(`seed\u0000${o.scenario.id}\u0000${o.players}\u0000${o.bot}\u0000${o.seed}\u0000${o.index}`).readUInt32LE(0);

const isPlayCommand = (command: LogCommand): command is PlayCommand => command.type !== 'CreateGame' && command.type !== 'Undo' && command.type !== 'Redo';

/**
 * The commands a bot may choose: the rules' own `legalCommands`. Undo and redo are never offered
 * (a bot plays forward). An explore is listed whether or not the next tile fits (that is hidden),
 * so a bot's choice may still be refused: the simulator drops it and asks again.
 */
export const legalFor = (state: GameState, seat: number): PlayCommand[] =>
  legalCommands(state, seat)
    .map((option) => option.command)
    .filter(isPlayCommand);

/** Records what a source hands out, so each action's draws can go into its metadata. */
const recording = (inner: Rng): Rng & { draws: number[] } => {
  const source = {
    draws: [] as number[],
    int: (min: number, max: number) => {
      const value = inner.int(min, max);
      source.draws.push(value);
      return value;
    },
  };
  return source;
};

/** Choices a bot may have refused for one action before the game is left unfinished. */
const MAX_ATTEMPTS = 100;

export function simulateGame(options: SimulationOptions): SimulatedGame {
  const gameId = simulatedGameId(options);
  const gameSeed = gameSeedOf(options);
  const dice = recording(seededRng(gameSeed));
  const choices = seededRng(gameSeed ^ 0x5bd1e995);
  const bot = makeBot(options.bot);
  const players = Array.from({ length: options.players }, (_, i) => ({ name: `${options.bot} bot ${i + 1}` }));
  const create: CreateGame = { type: 'CreateGame', gameId, scenario: options.scenario, players, mode: 'standard' };
  const created = decide(initialState(), create, { seat: null, rng: dice });
  const actions: SimulatedAction[] = [{ commandId: `create-${gameId}`, seat: null, command: create, events: created, draws: dice.draws }];
  const state = initialState();
  for (const event of created) applyEvent(state, event);
  const maxActions = options.maxActions ?? 5000;
  let refusedCount = 0;
  while (state.status === 'active' && actions.length < maxActions) {
    const seat = state.turn?.seat;
    if (seat === undefined) break;
    // The legal list is asked for only when a bot reads it (idle and greedy rarely do).
    const refused = new Set<string>();
    let listed: PlayCommand[] | undefined;
    const legal = (): PlayCommand[] => (listed ??= legalFor(state, seat)).filter((c) => !refused.has(JSON.stringify(c)));
    let events: GameEvent[] | undefined;
    let command: PlayCommand | undefined;
    const played = actions.length;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !events; attempt++) {
      const turn = {
        state,
        seat,
        rng: choices,
        played,
        get legal() {
          return legal();
        },
      };
      command = bot.choose(turn);
      dice.draws = [];
      try {
        events = decide(state, command, { seat, rng: dice });
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
        refusedCount += 1;
        bot.refused?.(command, turn);
        refused.add(JSON.stringify(command));
        if (legal().length === 0) break;
      }
    }
    if (!events || !command) break;
    for (const event of events) applyEvent(state, event);
    actions.push({ commandId: `sim-${actions.length}`, seat, command, events, draws: dice.draws });
  }
  return { gameId, gameSeed, actions, state, refused: refusedCount, finished: state.status === 'won' || state.status === 'lost' };
}

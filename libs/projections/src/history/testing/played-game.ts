// Whole games played at random through the rules, as actions with the metadata the command
// path records, optionally with undo and redo: for the seek index's property test, the
// timeline's tests and `npm run bench` (a 10,000-event game in a few seconds).
import { builtInScenario } from '@logbook/content';
import type { NewEvent, RecordedEvent } from '@logbook/event-store';
import {
  commandedShip,
  decide,
  decideWithHistory,
  effectiveEntries,
  foldEvents,
  GameHistory,
  type LogCommand,
  initialState,
  RuleViolation,
  seededRng,
  takebackCandidates,
  takebackWaitingFor,
  type GameCommand,
  type GameEvent,
  type LogEntry,
  type GameState,
  type ScenarioDefinition,
} from '@logbook/rules';
import { randomCommand } from '@logbook/rules/testing/random-play';
import { deterministicEventId, GAME_EVENT_SCHEMA_VERSION } from '@logbook/game-log';

export interface PlayedAction {
  commandId: string;
  seat: number | null;
  command: { type: string; [field: string]: unknown };
  events: GameEvent[];
}

export interface PlayOptions {
  seed: number;
  players?: number;
  /** Stop once the log holds this many events (or the game ends). */
  events: number;
  scenario?: string | ScenarioDefinition;
  /** The blessings deck (the game's clock), to make long games; the clue goal then is out of reach. */
  blessings?: number;
  /** Chance per command of an undo, and of a redo (0 by default). */
  undo?: number;
  redo?: number;
  /**
   * Chance per command of a takeback step (a request, an answer or a withdrawal, by seats the
   * rules may accept it from). Takebacks are for standard games: with it the game is standard.
   */
  takeback?: number;
  gameId?: string;
}

/** A log entry as the history contract names it. */
export type Entry = LogEntry;

/**
 * The oracle: a fresh fold of the effective history (the rules' `effectiveEntries`, the
 * contract's definition) of `entries`, apart from any index or cache.
 */
export const freshEffectiveFold = (entries: readonly Entry[]): GameState => foldEvents(effectiveEntries(entries).map((e) => e.event));

export const entriesOf = (actions: readonly PlayedAction[]): Entry[] =>
  actions.flatMap((a) => a.events.map((event) => ({ actionId: a.commandId, seat: a.seat, event })));

const NAVIGATION: GameCommand[] = [
  { type: 'Navigate', steps: [{ action: 'move' }] },
  { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }, { action: 'move' }] },
  { type: 'Navigate', steps: [{ action: 'turn', direction: 'ccw' }, { action: 'explore' }] },
  { type: 'Navigate', steps: [{ action: 'explore' }] },
  { type: 'StartNavigation' },
  { type: 'DropAnchor' },
  { type: 'EndTurn' },
];

/** Mostly commands that are often legal (answering what is pending first), else anything: fast play. */
function likelyCommand(rng: ReturnType<typeof seededRng>, state: GameState, seat: number): GameCommand {
  if (state.pending?.kind === 'plunder-choice') return { type: 'ChoosePlunderType', cardType: 'weapon' };
  if (state.pending?.kind === 'structural-damage') return { type: 'ResolveStructuralDamage' };
  if (rng.int(0, 9) === 0) return randomCommand(rng, state);
  if (state.navigation) {
    const roll = rng.int(0, 3);
    return roll === 0 ? { type: 'EndNavigation' } : roll === 1 ? { type: 'MoveShip' } : { type: 'TurnShip', direction: rng.int(0, 1) ? 'cw' : 'ccw' };
  }
  if (state.turn && state.turn.ordersLeft === 0) return { type: 'EndTurn' };
  const ship = commandedShip(state, seat);
  if (!ship) return rng.int(0, 3) === 0 ? { type: 'SetFollowShip', follow: rng.int(0, 1) === 1 } : { type: 'EndTurn' };
  if (ship.anchored) return { type: 'WeighAnchor' };
  return NAVIGATION[rng.int(0, NAVIGATION.length - 1)];
}

/**
 * Plays a game through the rules' history (undo and redo decided by the rules, in sandbox mode
 * so any seat may take back any action), until the log holds `events` events or the game ends.
 */
export function playActions(options: PlayOptions): PlayedAction[] {
  const chooser = seededRng(options.seed);
  const dice = seededRng(options.seed * 7919 + 1);
  const players = options.players ?? 2;
  const gameId = options.gameId ?? `played-${options.seed}`;
  const base = typeof options.scenario === 'object' ? options.scenario : builtInScenario(options.scenario ?? 'first-voyage');
  if (!base) throw new Error(`No built-in scenario ${String(options.scenario)}`);
  const scenario = options.blessings ? { ...base, blessings: options.blessings, clueGoal: 100_000 } : base;
  const create: GameCommand = {
    type: 'CreateGame',
    gameId,
    scenario,
    players: Array.from({ length: players }, (_, i) => ({ name: `Player ${i + 1}` })),
    mode: options.takeback ? 'standard' : 'sandbox',
  };
  const history = new GameHistory();
  const actions: PlayedAction[] = [];
  const record = (action: PlayedAction, state?: GameState) => {
    history.record(action.commandId, action.seat, action.events, state);
    actions.push(action);
    count += action.events.length;
  };
  let count = 0;
  record({ commandId: `create-${gameId}`, seat: null, command: { type: 'CreateGame' }, events: decide(initialState(), create, { seat: null, rng: dice }) });
  let n = 0;
  while (count < options.events && history.state.status === 'active') {
    const state = history.state;
    const seat = state.turn?.seat ?? 1;
    const roll = chooser.int(0, 999) / 1000;
    const from = chooser.int(0, 19) === 0 ? chooser.int(1, players) : seat;
    const takeback = options.takeback && roll < (options.undo ?? 0) + (options.redo ?? 0) + options.takeback ? takebackStep(chooser, history, players) : null;
    const command: LogCommand =
      options.undo && roll < options.undo
        ? { type: 'Undo' }
        : options.redo && roll < (options.undo ?? 0) + options.redo
          ? { type: 'Redo' }
          : (takeback?.command ?? likelyCommand(chooser, state, from));
    const by = takeback?.seat ?? from;
    try {
      // A second per action: no request outlives its window here, they end by answers or later actions.
      const now = Date.UTC(2026, 0, 1) + n * 1000;
      const decided = decideWithHistory(history, command, { seat: by, rng: dice, now });
      record({ commandId: `c${++n}`, seat: by, command: command as PlayedAction['command'], events: decided.events }, decided.state);
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
    }
  }
  return actions;
}

/** A takeback command and who sends it: answers to the open request, else a request back to a random candidate. */
function takebackStep(rng: ReturnType<typeof seededRng>, history: GameHistory, players: number): { seat: number; command: LogCommand } | null {
  const request = history.takeback;
  if (request?.outcome === 'open') {
    const waiting = takebackWaitingFor(history.state, request);
    const roll = rng.int(0, 9);
    if (roll === 0 || waiting.length === 0) return { seat: request.seat, command: { type: 'WithdrawTakeback', requestId: request.requestId } };
    const seat = waiting[rng.int(0, waiting.length - 1)] as number;
    return { seat, command: { type: 'AnswerTakeback', requestId: request.requestId, accept: roll > 2 } };
  }
  const candidates = takebackCandidates(history);
  if (candidates.length === 0) return null;
  const to = candidates[rng.int(0, candidates.length - 1)]!;
  return { seat: rng.int(1, players), command: { type: 'RequestTakeback', actionId: to.actionId } };
}

/**
 * The actions as the store would record them: the first event of each action carries seat,
 * recordedAt and the command; with `fullMetadata` every event does (the older log shape).
 */
export function toNewEventsOf(gameId: string, actions: readonly PlayedAction[], options: { fullMetadata?: boolean; start?: Date } = {}): NewEvent[] {
  const start = (options.start ?? new Date('2026-01-01T00:00:00Z')).getTime();
  return actions.flatMap((action, i) => {
    const full = { commandId: action.commandId, seat: action.seat, recordedAt: new Date(start + i * 1000).toISOString(), command: action.command };
    return action.events.map(({ type, ...payload }, index) => ({
      id: deterministicEventId(gameId, action.commandId, index),
      type,
      data: payload,
      schemaVersion: GAME_EVENT_SCHEMA_VERSION,
      metadata: index === 0 || options.fullMetadata ? full : { commandId: action.commandId },
    }));
  });
}

/** The same as recorded events (revisions from 0), without a store. */
export const toRecordedOf = (gameId: string, actions: readonly PlayedAction[], options: { fullMetadata?: boolean } = {}): RecordedEvent[] =>
  toNewEventsOf(gameId, actions, options).map((event, revision) => ({
    id: event.id,
    streamId: `game-${gameId}`,
    revision,
    position: BigInt(revision),
    type: event.type,
    data: JSON.parse(JSON.stringify(event.data)),
    metadata: event.metadata ?? {},
    schemaVersion: GAME_EVENT_SCHEMA_VERSION,
  }));

/**
 * `actions` with a seat handed to a bot after every undo (an action that is no game action):
 * a redo that follows must still re-apply what was undone. The seats alternate, the bots too.
 */
export function withHandovers(actions: readonly PlayedAction[]): PlayedAction[] {
  const out: PlayedAction[] = [];
  let n = 0;
  for (const action of actions) {
    out.push(action);
    if (action.command.type !== 'Undo') continue;
    n++;
    const seat = (n % 2) + 1;
    const bot = n % 3 === 0 ? 'random' : 'greedy';
    out.push({
      commandId: `seat-${n}`,
      seat,
      command: { type: 'HandSeatToBot', bot, by: 'seat' },
      events: [{ type: 'SeatHandedToBot', data: { seat, bot, by: 'seat' } }],
    });
  }
  return out;
}

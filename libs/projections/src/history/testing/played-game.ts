// Whole games played at random through the rules, as actions with the metadata the command
// path records, optionally with undo and redo: for the seek index's property test, the
// timeline's tests and `npm run bench` (a 10,000-event game in a few seconds).
import { builtInScenario } from '@logbook/content';
import type { NewEvent, RecordedEvent } from '@logbook/event-store';
import {
  applyEvent,
  commandedShip,
  decide,
  initialState,
  RuleViolation,
  seededRng,
  type GameCommand,
  type GameEvent,
  type GameState,
  type ScenarioDefinition,
} from '@logbook/rules';
import { randomCommand } from '@logbook/rules/testing/random-play';
import { deterministicEventId, GAME_EVENT_SCHEMA_VERSION } from '@logbook/game-log';
import { ACTION_REDONE, ACTION_UNDONE, historyChange, isHistoryEvent } from '../action-log';

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
  gameId?: string;
}

/** A log entry as the history contract names it. */
export interface Entry {
  actionId: string;
  seat: number | null;
  event: GameEvent;
}

/**
 * The effective history of a log, as the contract defines it: undone actions removed, redone ones
 * back, a new action forgets what could be redone. The oracle the seek index is checked against
 * (a plain list operation, written apart from the index on purpose).
 */
export function referenceEffectiveEntries(entries: readonly Entry[]): Entry[] {
  const actions: Entry[][] = [];
  for (const entry of entries) {
    const last = actions.at(-1);
    if (last && last[0].actionId === entry.actionId) last.push(entry);
    else actions.push([entry]);
  }
  let stack: Entry[][] = [];
  let redo: Entry[][] = [];
  for (const action of actions) {
    const history = action.map((e) => historyChange(e.event)).filter((c) => c !== null);
    if (history.length === 0) {
      stack.push(action);
      redo = [];
      continue;
    }
    for (const { change, actionId: id } of history) {
      if (change === 'undone') {
        const found = stack.find((a) => a[0].actionId === id);
        if (!found) continue;
        stack = stack.filter((a) => a !== found);
        redo.push(found);
      } else {
        const found = [...redo].reverse().find((a) => a[0].actionId === id);
        if (!found) continue;
        redo = redo.filter((a) => a !== found);
        stack.push(found);
      }
    }
  }
  return stack.flat();
}

/** A fresh fold of entries (undo and redo events themselves change nothing on the board). */
export function foldEntries(entries: readonly Entry[]): GameState {
  const state = initialState();
  for (const { event } of entries) if (!isHistoryEvent(event.type)) applyEvent(state, event);
  return state;
}

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

export function playActions(options: PlayOptions): PlayedAction[] {
  const chooser = seededRng(options.seed);
  const dice = seededRng(options.seed * 7919 + 1);
  const players = options.players ?? 2;
  const gameId = options.gameId ?? `played-${options.seed}`;
  const base = typeof options.scenario === 'object' ? options.scenario : builtInScenario(options.scenario ?? 'first-voyage')!;
  const scenario = options.blessings ? { ...base, blessings: options.blessings, clueGoal: 100_000 } : base;
  const create: GameCommand = {
    type: 'CreateGame',
    gameId,
    scenario,
    players: Array.from({ length: players }, (_, i) => ({ name: `Player ${i + 1}` })),
    mode: 'sandbox',
  };
  const actions: PlayedAction[] = [
    { commandId: `create-${gameId}`, seat: null, command: { type: 'CreateGame' }, events: decide(initialState(), create, { seat: null, rng: dice }) },
  ];
  let state = foldEntries(entriesOf(actions));
  let count = actions[0].events.length;
  const undone: string[] = [];
  let n = 0;

  const nextId = () => `c${++n}`;
  while (count < options.events && state.status === 'active') {
    const seat = state.turn?.seat ?? 1;
    const roll = chooser.int(0, 999) / 1000;
    if (options.undo && roll < options.undo) {
      const effective = referenceEffectiveEntries(entriesOf(actions));
      const last = effective.at(-1);
      if (last && last.seat !== null) {
        actions.push({ commandId: nextId(), seat, command: { type: 'Undo' }, events: [{ type: ACTION_UNDONE, data: { actionId: last.actionId, seat } } as unknown as GameEvent] });
        undone.push(last.actionId);
        count += 1;
        state = foldEntries(referenceEffectiveEntries(entriesOf(actions)));
        continue;
      }
    } else if (options.redo && roll < (options.undo ?? 0) + options.redo && undone.length) {
      const target = undone.pop()!;
      actions.push({ commandId: nextId(), seat, command: { type: 'Redo' }, events: [{ type: ACTION_REDONE, data: { actionId: target, seat } } as unknown as GameEvent] });
      count += 1;
      state = foldEntries(referenceEffectiveEntries(entriesOf(actions)));
      continue;
    }
    const from = chooser.int(0, 19) === 0 ? chooser.int(1, players) : seat;
    const command = likelyCommand(chooser, state, from);
    try {
      const events = decide(state, command, { seat: from, rng: dice });
      for (const event of events) applyEvent(state, event);
      actions.push({ commandId: nextId(), seat: from, command: command as PlayedAction['command'], events });
      undone.length = 0;
      count += events.length;
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;

    }
  }
  return actions;
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

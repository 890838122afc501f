// legalCommands(state, seat): what a seat may send now, each with its cost, found by trying
// every candidate (candidates.ts) on a throw-away draft. The trial's rng never draws: it answers
// and notes that something random was asked for. Where acceptance depends on hidden information
// (whether the next tile fits), the option is listed whatever the trial said and marked
// `dependsOnHidden`, so the list never reveals it.
import type { GameCommand } from '../commands';
import { decide } from '../decide';
import { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import type { GameHistory } from '../history/game-history';
import type { LogCommand } from '../history/decide-with-history';
import { exploreCost } from '../navigation/navigation-cost';
import type { Rng } from '../random';
import type { GameState } from '../state';
import { candidateCommands } from './candidates';

export interface CommandCost {
  /** [N] navigation points the action spends. */
  navigationPoints?: number;
  /** [N, D §5] standard orders of the turn it uses. */
  orders?: number;
}

export interface LegalCommand {
  command: LogCommand;
  cost: CommandCost;
  /** Acceptance depends on hidden information: the command may still be refused. */
  dependsOnHidden?: true;
}

export interface LegalCommandsOptions {
  /** With the game's history, Undo and Redo are listed when the seat may send them. */
  history?: GameHistory;
}

/**
 * Refusals the decider gives before a command's own rules run (game, seat, turn, pending,
 * open order): they depend on the command's type only, so one refusal rules out every candidate
 * of that type without trying the rest.
 */
const TYPE_WIDE_REFUSALS = new Set([
  'game.over',
  'game.not-found',
  'seat.unknown',
  'turn.not-your-turn',
  'pending.response-required',
  'navigation.order-in-progress',
]);

const ORDER_EVENTS = new Set<GameEvent['type']>(['NavigationOrderIssued', 'OrderGiven', 'CrewMoved', 'AnchorDropped', 'AnchorWeighed']);
const HIDDEN_REFUSALS = new Set(['explore.no-fit']);

const isExplore = (command: GameCommand): boolean =>
  command.type === 'ExploreTile' || (command.type === 'Navigate' && command.steps[command.steps.length - 1]?.action === 'explore');

/** A source that never draws: it answers `pick(min, max)` and remembers it was asked. */
const trialRng = (pick: (min: number, max: number) => number): Rng & { drew: boolean } => {
  const rng = { drew: false, int: (min: number, max: number) => ((rng.drew = true), pick(min, max)) };
  return rng;
};

type Trial = { ok: true; events: GameEvent[]; drew: boolean } | { ok: false; rule: string };

function trial(state: GameState, seat: number, command: GameCommand, pick: (min: number, max: number) => number): Trial {
  const rng = trialRng(pick);
  try {
    return { ok: true, events: decide(state, command, { seat, rng }), drew: rng.drew };
  } catch (error) {
    if (error instanceof RuleViolation) return { ok: false, rule: error.rule };
    throw error;
  }
}

function costOf(state: GameState, seat: number, command: GameCommand, events: GameEvent[] | null): CommandCost {
  const cost: CommandCost = {};
  if (isExplore(command)) {
    // From the board alone, never from the trial: the tile drawn must not show through.
    const seatState = state.seats.find((s) => s.seat === seat);
    const shipId = state.navigation?.shipId ?? (seatState ? state.characters[seatState.characterId]?.shipId : undefined);
    const ship = shipId ? state.ships[shipId] : undefined;
    if (ship) cost.navigationPoints = exploreCost(state, ship);
    if (command.type === 'Navigate') cost.orders = 1;
    return cost;
  }
  let points = 0;
  let orders = 0;
  for (const event of events ?? []) {
    if (ORDER_EVENTS.has(event.type)) orders++;
    if (event.type === 'ShipMoved' || event.type === 'ShipTurned') points += event.data.cost;
  }
  if (points > 0) cost.navigationPoints = points;
  if (orders > 0) cost.orders = orders;
  return cost;
}

export function legalCommands(state: GameState, seat: number, options: LegalCommandsOptions = {}): LegalCommand[] {
  if (state.status !== 'active' || !state.seats.some((s) => s.seat === seat)) return [];
  const legal: LegalCommand[] = [];
  const refusedTypes = new Set<string>();
  // [N, D] the explore variants differ only in the rotation wished for, which never decides
  // whether exploring is legal (the first rotation that fits is used otherwise): one trial each.
  const exploreTrials = new Map<string, Trial>();
  for (const command of candidateCommands(state, seat)) {
    if (refusedTypes.has(command.type)) continue;
    let low = isExplore(command) ? exploreTrials.get(command.type) : undefined;
    if (!low) {
      low = trial(state, seat, command, (min) => min);
      if (isExplore(command)) exploreTrials.set(command.type, low);
    }
    if (!low.ok && TYPE_WIDE_REFUSALS.has(low.rule)) {
      refusedTypes.add(command.type);
      continue;
    }
    if (isExplore(command)) {
      if (low.ok || HIDDEN_REFUSALS.has(low.rule)) legal.push({ command, cost: costOf(state, seat, command, null), dependsOnHidden: true });
      continue;
    }
    if (!low.ok) continue;
    // Something random was drawn: acceptance must not depend on how it falls.
    const stable = !low.drew || trial(state, seat, command, (_min, max) => max).ok;
    legal.push({ command, cost: costOf(state, seat, command, low.events), ...(stable ? {} : { dependsOnHidden: true as const }) });
  }
  const history = options.history;
  if (history) {
    if (history.undoRefusal(seat) === null) legal.push({ command: { type: 'Undo' }, cost: {} });
    if (history.redoRefusal(seat) === null) legal.push({ command: { type: 'Redo' }, cost: {} });
  }
  return legal;
}

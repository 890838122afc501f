// Re-decision: makes every recorded action's decision again, under today's rules, with the
// values it drew then, and compares what comes out with what the log holds. One function serves
// `POST /games/import` (refuse a file that does not give the same events) and
// `npm run cli -- revalidate` (which stored games would today's rules decide differently).
import { isDeepStrictEqual } from 'node:util';
import type { RecordedEvent } from '@logbook/event-store';
import {
  countNotes,
  decide,
  decideNote,
  decideSeatClaim,
  decideSeatControl,
  decideWithHistory,
  foldSeatBot,
  foldSeatClaim,
  isHistoryCommand,
  RuleViolation,
  type GameCommand,
  type GameEvent,
  type GameState,
  type NoteAuthor,
  type Rng,
  type SeatClaim,
  type SeatControl,
} from '@logbook/rules';
import { groupActions, type RecordedAction } from './action-metadata';
import { EffectiveFold } from './effective-fold';
import { toDomainEvent } from './game-events';

/** The part of a recorded event re-decision reads (an import line gives the same). */
export type LogEvent = Pick<RecordedEvent, 'revision' | 'type' | 'data' | 'metadata'>;

export type Decide = typeof decide;

export interface RedecideOptions {
  /** The rules to check against: today's `decide` unless a test injects a changed one. */
  decide?: Decide;
}

/** Where and why a log and today's rules part. */
export interface Divergence {
  /** 'unrecorded': the action predates command recording and cannot be checked; 'differs': today's rules part from the log. */
  kind: 'unrecorded' | 'differs';
  /** 0-based index of the action in the log. */
  actionIndex: number;
  actionId: string;
  /** The command's type, or null when none was recorded. */
  commandType: string | null;
  /** Revision of the first event that differs (or of the action's first event). */
  revision: number;
  /** Why, for the operator: it may quote hidden parts of the events (never shown to players). */
  reason: string;
  /** The rule id when today's rules refuse the command. */
  rule?: string;
}

export type RedecideResult = { ok: true; actions: number; state: GameState } | { ok: false; actions: number; divergence: Divergence; state: GameState };

/** The first action whose decision today differs from the log; `ok` when none does. */
export function redecide(events: readonly LogEvent[], options: RedecideOptions = {}): RedecideResult {
  const steps = redecideSteps(events, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Actions decided again per turn of the event loop by `redecideYielding`. */
const ACTIONS_PER_TURN = 50;

/**
 * `redecide`, giving the event loop a turn after every `actionsPerTurn` actions: a server checks
 * an import of tens of thousands of events (seconds of CPU) while it goes on answering everyone
 * else. A refused file stops at its first difference, so it costs at most what the same file
 * accepted would.
 */
export async function redecideYielding(events: readonly LogEvent[], options: RedecideOptions & { actionsPerTurn?: number } = {}): Promise<RedecideResult> {
  const steps = redecideSteps(events, options);
  const perTurn = options.actionsPerTurn ?? ACTIONS_PER_TURN;
  for (let actions = 1; ; actions++) {
    const step = steps.next();
    if (step.done) return step.value;
    if (actions % perTurn === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Decides each action again, yielding after each one; returns the result. */
function* redecideSteps(events: readonly LogEvent[], options: RedecideOptions): Generator<void, RedecideResult> {
  const decideNow = options.decide ?? decide;
  const actions = groupActions(events as RecordedEvent[]);
  const fold = new EffectiveFold();
  const migrated = takenOutByMigrations(actions);
  const actionIndexes = new Map(actions.map((action, index) => [action.actionId, index]));
  // Who plays each seat, from every event so far (a handover is never undone).
  const bots = new Map<number, string>();
  // Which seats are linked to a profile, likewise (a claim is never undone).
  const claims = new Map<number, SeatClaim>();
  for (const [index, action] of actions.entries()) {
    for (const event of actions[index - 1]?.events ?? []) {
      const domain = toDomainEvent(event as RecordedEvent);
      foldSeatBot(bots, domain);
      foldSeatClaim(claims, domain);
    }
    const fail = (reason: string, revision = action.events[0].revision, kind: Divergence['kind'] = 'differs', rule?: string): RedecideResult => {
      const divergence: Divergence = { kind, actionIndex: index, actionId: action.actionId, commandType: action.command?.type ?? null, revision, reason };
      if (rule !== undefined) divergence.rule = rule;
      return { ok: false, actions: actions.length, divergence, state: fold.state };
    };
    // Both sides as JSON, as the store keeps them (no class instances, no undefined fields).
    const recorded = asJson(action.events.map((e) => toDomainEvent(e as RecordedEvent)));
    if (!action.command) {
      return fail('no command was recorded with this action (recorded before commands were kept): it cannot be decided again', undefined, 'unrecorded');
    }
    if (action.command.type === 'CreateGame' && (typeof action.command.scenario !== 'object' || action.command.scenario === null)) {
      // Games simulated before the simulator recorded like the server kept only the command's type.
      return fail('this new game was recorded without its scenario document: it cannot be decided again', undefined, 'unrecorded');
    }
    if (action.command.type === MIGRATE_COMMAND || migrated.has(index)) {
      // A migration's own actions record an operator's decision, not a seat's command; the actions
      // it took back were decided under the rules it migrated from. Their events are folded as
      // recorded, so the history goes on from where the migration left it.
      if (action.command.type === MIGRATE_COMMAND) {
        const type = recorded.length === 1 ? recorded[0].type : undefined;
        if (type !== 'ActionUndone' && type !== 'GameMigrated') return fail('a migration records one ActionUndone or one GameMigrated per action');
      }
      const folded = tryFold(fold, action, recorded);
      if (folded) return fail(folded);
      if (recorded[0]?.type === 'GameMigrated' && fold.history.effectiveActions.some((a) => migrated.has(actionIndexes.get(a.actionId) ?? -1))) {
        return fail('a migration leaves actions it took out of the game in effect');
      }
      continue;
    }
    if (action.command.type === 'ForkGame') {
      // A fork starts from the state its source had: the log holds it, nothing decides it again.
      if (index !== 0) return fail('a fork can only start a game');
      // Then the seats bots played at the fork point, handed to them again, and the seats it keeps linked to a profile.
      if (recorded[0]?.type !== 'GameForked' || recorded.slice(1).some((e) => !FORK_CARRIES.has(e.type))) {
        return fail('a fork records exactly one GameForked event (and the seats bots play, and those linked to a profile)');
      }
      const board = (recorded[0].secret?.data as { state?: { status?: unknown; seats?: unknown } } | undefined)?.state;
      if (!board || board.status !== 'active' || !Array.isArray(board.seats)) return fail('a fork records the board it starts from, in play');
      const folded = tryFold(fold, action, recorded);
      if (folded) return fail(folded);
      continue;
    }
    const rng = replayRng(action.draws);
    let decided: GameEvent[];
    try {
      // The time the action was recorded is the time it was decided at (a takeback's expiry reads it).
      const context = { seat: action.seat, rng, now: action.recordedAt === undefined ? undefined : Date.parse(action.recordedAt) };
      // Undo and Redo are decided against the history, a note against the log so far, a handover against who plays each seat,
      // a claim against the seats' profiles; every other command on the effective state.
      const control = seatControlOf(action);
      const claim = seatClaimOf(action, recorded[0]);
      decided =
        action.command.type === 'AddNote'
          ? decideNote(
              { noteId: action.actionId, at: Number(action.command.at), text: String(action.command.text), by: noteAuthorOf(action.seat, recorded[0]) },
              { revision: action.events[0].revision - 1, notes: countNotes(fold.history.entries.map((e) => e.event)), status: fold.state.status },
            )
          : control
            ? decideSeatControl(fold.state, bots, control)
            : claim
              ? decideSeatClaim(fold.state, claims, claim)
              : isHistoryCommand(action.command)
                ? decideWithHistory(fold.history, action.command, context).events
                : decideNow(fold.state, action.command as GameCommand, context);
    } catch (error) {
      if (error instanceof RuleViolation)
        return fail(`today's rules refuse ${action.command.type}: ${error.rule} (${error.message})`, undefined, 'differs', error.rule);
      if (error instanceof DrawMismatch) return fail(error.message);
      return fail(`${action.command.type} could not be decided: ${(error as Error).message}`);
    }
    const normalized = asJson(decided);
    for (let i = 0; i < Math.max(normalized.length, recorded.length); i++) {
      const then = recorded[i];
      const now = normalized[i];
      if (isDeepStrictEqual(then, now)) continue;
      const revision = action.events[Math.min(i, action.events.length - 1)].revision + (i >= action.events.length ? 1 : 0);
      if (!then) return fail(`today's rules decide one more event: ${now.type}`, revision);
      if (!now) return fail(`today's rules decide no ${then.type} here (${recorded.length} events then, ${normalized.length} now)`, revision);
      if (then.type !== now.type) return fail(`the log has ${then.type}, today's rules decide ${now.type}`, revision);
      return fail(`${then.type} differs: ${firstDifference(then, now)}`, revision);
    }
    if (rng.left() > 0) return fail(`today's rules draw ${action.draws.length - rng.left()} random values, the log recorded ${action.draws.length}`);
    const folded = tryFold(fold, action, recorded);
    if (folded) return fail(folded);
    yield;
  }
  return { ok: true, actions: actions.length, state: fold.state };
}

/**
 * A note's author as the log records it: the sending seat, else what its event names (the
 * operator or a spectator); a seat's name in the event of a seatless action is not believed.
 */
function noteAuthorOf(seat: number | null, event: GameEvent | undefined): NoteAuthor {
  if (seat !== null) return seat;
  const by = (event?.data as { by?: unknown } | undefined)?.by;
  return by === 'spectator' ? 'spectator' : 'operator';
}

/** The recorded command of every action a migration appends (`npm run cli -- migrate`). */
export const MIGRATE_COMMAND = 'MigrateGame';

/**
 * The indexes of the actions a migration took out of the game: from the first action the rules
 * it migrated to decide differently up to the migration itself (those still effective were taken
 * back by it, the others were undone already).
 */
function takenOutByMigrations(actions: readonly RecordedAction[]): Set<number> {
  const out = new Set<number>();
  const indexOf = new Map<string, number>();
  actions.forEach((action, index) => {
    indexOf.set(action.actionId, index);
    for (const event of action.events) {
      if (event.type !== 'GameMigrated') continue;
      const divergedAt = ((event.data as { data?: { divergedAt?: { actionId?: unknown } | null } } | undefined)?.data ?? {}).divergedAt;
      const from = typeof divergedAt?.actionId === 'string' ? indexOf.get(divergedAt.actionId) : undefined;
      if (from !== undefined) for (let i = from; i < index; i++) out.add(i);
    }
  });
  return out;
}

/** A seat handed to a bot or taken back, as the server records the command; null for any other action. */
function seatControlOf(action: RecordedAction): SeatControl | null {
  const command = action.command;
  if (action.seat === null || !command) return null;
  const by = command.by === 'operator' ? 'operator' : 'seat';
  if (command.type === 'HandSeatToBot') return { seat: action.seat, bot: String(command.bot), by };
  if (command.type === 'TakeSeatBack') return { seat: action.seat, bot: null, by };
  return null;
}

/** What a fork records after its GameForked: who plays and who holds each seat at the fork point. */
const FORK_CARRIES: ReadonlySet<string> = new Set(['SeatHandedToBot', 'SeatClaimed']);

/** The command the server records for a seat claimed into a profile (the name is the profile's, so not in the command). */
export const CLAIM_SEAT_COMMAND = 'ClaimSeat';

/**
 * A seat claimed into a profile, as the server records the command; null for any other action.
 * The name it showed is the recorded event's (the profile's then, or "erased player" since).
 */
function seatClaimOf(action: RecordedAction, event: GameEvent | undefined): { seat: number; playerId: string; name: string } | null {
  const command = action.command;
  if (action.seat === null || command?.type !== CLAIM_SEAT_COMMAND) return null;
  const name = event?.type === 'SeatClaimed' ? event.data.name : '';
  return { seat: action.seat, playerId: String(command.playerId), name };
}

/** Folds an action's events; what went wrong when they cannot be (a file may hold anything). */
function tryFold(fold: EffectiveFold, action: RecordedAction, events: GameEvent[]): string | undefined {
  try {
    fold.apply(action, events);
    return undefined;
  } catch (error) {
    return `the recorded events cannot be folded: ${(error as Error).message}`;
  }
}

const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

class DrawMismatch extends Error {}

/** Answers with the recorded draws in order, and says when the rules ask for more or other values. */
function replayRng(draws: readonly number[]): Rng & { left(): number } {
  let next = 0;
  return {
    int(min, max) {
      if (next >= draws.length) throw new DrawMismatch(`today's rules draw more random values than the ${draws.length} recorded`);
      const value = draws[next++];
      if (!Number.isInteger(value) || value < min || value > max) {
        throw new DrawMismatch(`recorded draw ${next} (${value}) is outside what today's rules ask for (${min}..${max})`);
      }
      return value;
    },
    left: () => draws.length - next,
  };
}

/** The first path at which two JSON values differ, as `path: then → now` (values shortened). */
export function firstDifference(then: unknown, now: unknown, path = ''): string {
  if (isDeepStrictEqual(then, now)) return '';
  if (then && now && typeof then === 'object' && typeof now === 'object' && Array.isArray(then) === Array.isArray(now)) {
    const keys = new Set([...Object.keys(then), ...Object.keys(now)]);
    for (const key of keys) {
      const a = (then as Record<string, unknown>)[key];
      const b = (now as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(a, b)) return firstDifference(a, b, path ? `${path}.${key}` : key);
    }
  }
  const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 80));
  return `${path || 'the event'}: ${show(then)} then, ${show(now)} today`;
}

export type { RecordedAction };

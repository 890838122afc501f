// A game's history: the whole log, folded to the effective state, with what can be undone or
// redone now and by whom. Every state it keeps is frozen and shares structure with its
// neighbours, so the state before an action is just a reference: undo restores it in O(1).
// It keeps those references for the last few actions, and further back a checkpoint whenever
// CHECKPOINT_EVENTS events separate it from the one before: an undo anywhere (sandbox undoes
// any number of actions, a stored log may hold any) applies fewer events than that to the
// nearest checkpoint, never a refold of the log.
import { applyEvents } from '../decision';
import { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import { applyEvent } from '../evolve';
import { deepFreeze } from '../freeze';
import { initialState, type GameState } from '../state';
import { groupActions, historyTarget, type LogEntry, type LoggedAction } from './log-entry';
import { isRevealingAction } from './revealing';

export interface HistoryAction extends LoggedAction {
  /** [D §11] it drew from the Rng or showed something hidden (see revealing.ts). */
  revealing: boolean;
  /** It ended a turn or started one: standard-mode undo never takes it back. */
  turnBoundary: boolean;
  /** The effective state before and after it, when known (see the file comment). */
  before?: GameState;
  after?: GameState;
}

/** What the next Undo or Redo would take back or re-apply, and which seats may send it now. */
export interface HistoryStep {
  actionId: string;
  /** The seat whose action it is (null for a system action). */
  seat: number | null;
  /** The type of the command the action decided, from its first event's type when unknown. */
  firstEventType: string;
  /** Seats that may send it now; empty when nobody may (see `refusals`). */
  by: number[];
}

/** How many of the last actions a cold load keeps states for. */
const KEEP_STATES_FOR_LAST = 32;
/**
 * As a game is played, the last actions keep their states before and after (the next undos are
 * O(1)); further back an action keeps its state after only when at least CHECKPOINT_EVENTS events
 * lie between it and the last kept state before it, so an undo there applies fewer events than
 * that (plus the action's own) to a checkpoint. States share structure: a checkpoint holds only
 * what changed since the one before (the seek index measures the same trade-off).
 */
const DENSE_STATES = 16;
const CHECKPOINT_EVENTS = 64;

const isTurnBoundary = (events: readonly GameEvent[]): boolean =>
  events.some((e) => e.type === 'TurnStarted' || e.type === 'TurnEnded');

// Built as one literal with every field (states as undefined until known, and set back to
// undefined rather than deleted): V8 then gives every action one shared hidden class. A spread
// followed by more fields (`{ ...logged, revealing }`), or a `delete`, gives each object a map of
// its own: memory per action, and slow property access wherever actions are read.
const toAction = (logged: LoggedAction): HistoryAction => {
  const events = logged.entries.map((e) => e.event);
  return {
    actionId: logged.actionId,
    seat: logged.seat,
    firstIndex: logged.firstIndex,
    entries: logged.entries,
    revealing: isRevealingAction(events),
    turnBoundary: isTurnBoundary(events),
    before: undefined,
    after: undefined,
  };
};

/** Removes and returns the last action with that id, if any. */
function takeAction(list: HistoryAction[], actionId: string): { action: HistoryAction; at: number } | undefined {
  for (let at = list.length - 1; at >= 0; at--) {
    const action = list[at];
    if (action?.actionId === actionId) {
      list.splice(at, 1);
      return { action, at };
    }
  }
  return undefined;
}

function foldActions(actions: readonly HistoryAction[]): GameState {
  const state = initialState();
  for (const action of actions) for (const entry of action.entries) applyEvent(state, entry.event);
  return deepFreeze(state);
}

const eventsOf = (actions: readonly HistoryAction[]): GameEvent[] => actions.flatMap((a) => a.entries.map((e) => e.event));

export class GameHistory {
  private readonly log: LogEntry[] = [];
  private readonly effective: HistoryAction[] = [];
  /** The redo stack: the most recently undone action last. */
  private readonly undone: HistoryAction[] = [];
  private current: GameState = deepFreeze(initialState());
  /** Effective actions below this index keep only checkpoints (see dropOldStates). */
  private statesKeptFrom = 0;

  /**
   * `freezeStates: false` leaves the states decided and refolded for this game unfrozen (a
   * production server's choice, `LOGBOOK_FREEZE_STATES`; see Decision): the game's history keeps
   * the setting, so whoever decides against it need not pass it again.
   */
  readonly freezeStates: boolean;

  constructor(options: { freezeStates?: boolean } = {}) {
    this.freezeStates = options.freezeStates ?? true;
  }

  /** Folds a stored log (cold load). */
  static fold(entries: Iterable<LogEntry>, options: { freezeStates?: boolean } = {}): GameHistory {
    const history = new GameHistory(options);
    const all = [...entries];
    history.log.push(...all);
    for (const logged of groupActions(all)) {
      const target = historyTarget(logged);
      if (target === null) {
        history.effective.push(toAction(logged));
        history.undone.length = 0;
      } else {
        const taken = takeAction(target.kind === 'undo' ? history.effective : history.undone, target.actionId);
        if (taken) (target.kind === 'undo' ? history.undone : history.effective).push(taken.action);
      }
    }
    // Up to the last few actions, fold a checkpoint's worth of events per draft (close to a
    // mutable fold's speed) and keep the state after each; then a state per action.
    const effective = history.effective;
    const keepFrom = Math.max(0, effective.length - KEEP_STATES_FOR_LAST);
    history.statesKeptFrom = keepFrom;
    let state: GameState = deepFreeze(initialState());
    let chunk: GameEvent[] = [];
    for (let i = 0; i < keepFrom; i++) {
      const action = effective[i] as HistoryAction;
      for (const entry of action.entries) chunk.push(entry.event);
      if (chunk.length >= CHECKPOINT_EVENTS || i === keepFrom - 1) {
        state = applyEvents(state, chunk);
        action.after = state;
        chunk = [];
      }
    }
    for (const action of effective.slice(keepFrom)) {
      action.before = state;
      state = applyEvents(state, action.entries.map((e) => e.event), history.freezeStates);
      action.after = state;
    }
    history.current = state;
    return history;
  }

  /** The effective state: the board is a pure function of the log. */
  get state(): GameState {
    return this.current;
  }

  /** The whole log, undo and redo included. */
  get entries(): readonly LogEntry[] {
    return this.log;
  }

  /** The revision of the last event in the log (-1 when empty). */
  get revision(): number {
    return this.log.length - 1;
  }

  /** The effective actions, in order. */
  get effectiveActions(): readonly HistoryAction[] {
    return this.effective;
  }

  /** The effective log: undone actions removed, redone ones back in place. */
  effectiveEntries(): LogEntry[] {
    return this.effective.flatMap((a) => a.entries);
  }

  /** The action the next Undo would take back (ignoring who may send it). */
  get lastEffective(): HistoryAction | undefined {
    return this.effective[this.effective.length - 1];
  }

  /** The action the next Redo would re-apply. */
  get nextRedo(): HistoryAction | undefined {
    return this.undone[this.undone.length - 1];
  }

  /**
   * Records an accepted action: its events as appended to the log. `stateAfter` is the state
   * the decision gave (decideAndApply / decideWithHistory); without it the events are applied.
   */
  record(actionId: string, seat: number | null, events: readonly GameEvent[], stateAfter?: GameState): void {
    if (events.length === 0) return;
    const first = this.log.length;
    const entries = events.map((event) => ({ actionId, seat, event }));
    this.log.push(...entries);
    const logged: LoggedAction = { actionId, seat, firstIndex: first, entries };
    const target = historyTarget(logged);
    if (target === null) {
      const action = toAction(logged);
      action.before = this.current;
      action.after = stateAfter ?? applyEvents(this.current, events, this.freezeStates);
      this.effective.push(action);
      this.undone.length = 0;
      this.current = action.after;
      this.dropOldStates();
      return;
    }
    if (target.kind === 'undo') {
      const taken = takeAction(this.effective, target.actionId);
      if (!taken) return;
      this.undone.push(taken.action);
      if (taken.at < this.effective.length) {
        // An action from below the top (only a log written elsewhere holds that): the states kept
        // from there on folded it in.
        for (const later of this.effective.slice(taken.at)) later.before = later.after = undefined;
      }
      this.current = stateAfter ?? (taken.at === this.effective.length ? this.stateBefore(taken.action) : this.stateAfterFirst(this.effective.length));
      this.statesKeptFrom = Math.min(this.statesKeptFrom, this.effective.length);
      return;
    }
    const redone = takeAction(this.undone, target.actionId);
    if (!redone) return;
    const back = redone.action;
    const state = stateAfter ?? back.after ?? applyEvents(this.current, back.entries.map((e) => e.event), this.freezeStates);
    back.before ??= this.current;
    back.after = state;
    this.effective.push(back);
    this.current = state;
    this.dropOldStates();
  }

  /**
   * Bounds the memory a long game holds: the last few actions keep their states, older ones a
   * checkpoint every CHECKPOINT_EVENTS events (what bounds an undo's cost anywhere in the log).
   */
  private dropOldStates(): void {
    const denseFrom = this.effective.length - DENSE_STATES;
    for (let i = this.statesKeptFrom; i < denseFrom; i++) {
      const action = this.effective[i];
      if (!action) continue;
      action.before = undefined;
      if (action.after && this.eventsSinceCheckpoint(i) < CHECKPOINT_EVENTS) action.after = undefined;
    }
    this.statesKeptFrom = Math.max(this.statesKeptFrom, denseFrom);
  }

  /** Events from the last kept state before effective action `at` to the end of it (counted up to CHECKPOINT_EVENTS). */
  private eventsSinceCheckpoint(at: number): number {
    let events = this.effective[at]?.entries.length ?? 0;
    for (let i = at - 1; i >= 0 && events < CHECKPOINT_EVENTS; i--) {
      const action = this.effective[i] as HistoryAction;
      if (action.after) return events;
      events += action.entries.length;
    }
    return events;
  }

  /** The effective state after the first `count` effective actions: the nearest kept state, then the events since. */
  private stateAfterFirst(count: number): GameState {
    let from = count - 1;
    while (from >= 0 && !this.effective[from]?.after) from--;
    const base = from >= 0 ? this.effective[from]?.after : undefined;
    const between = this.effective.slice(from + 1, count);
    return base ? applyEvents(base, eventsOf(between), this.freezeStates) : foldActions(this.effective.slice(0, count));
  }

  /**
   * Appends entries read from the log (a catch-up read, a live feed): whole actions, or the rest
   * of the last action when a read ended inside it. For actions decided here, use `record`.
   */
  append(entries: readonly LogEntry[]): void {
    for (const logged of groupActions(entries)) {
      const lastLogged = this.log[this.log.length - 1];
      const top = this.lastEffective;
      if (lastLogged && lastLogged.actionId === logged.actionId && top && top.actionId === logged.actionId) {
        // The rest of an action whose first events were read before.
        const events = logged.entries.map((e) => e.event);
        this.log.push(...logged.entries);
        top.entries.push(...logged.entries);
        top.revealing ||= isRevealingAction(events);
        top.turnBoundary ||= isTurnBoundary(events);
        top.after = applyEvents(this.current, events, this.freezeStates);
        this.current = top.after;
        this.dropOldStates();
        continue;
      }
      this.record(logged.actionId, logged.seat, logged.entries.map((e) => e.event));
    }
  }

  /** The effective state before the last effective action `action`: a reference, or a refold. */
  stateBefore(action: HistoryAction): GameState {
    if (!action.before) {
      const at = this.effective.lastIndexOf(action);
      action.before = this.stateAfterFirst(at === -1 ? this.effective.length : at);
    }
    return action.before;
  }

  /** Why `seat` may not undo now, or null when it may. Checked in the order RULES.md lists. */
  undoRefusal(seat: number): RuleViolation | null {
    const state = this.current;
    const general = generalRefusal(state, seat);
    if (general) return general;
    const last = this.lastEffective;
    if (!last || last.seat === null) return new RuleViolation('undo.nothing-to-undo', 'There is no action to undo');
    if (state.mode === 'sandbox') return null;
    // [D §11] standard mode, in this order:
    if (state.pending) {
      return new RuleViolation('undo.window-open', `Nothing can be undone while the game waits for ${state.pending.kind} to be resolved`);
    }
    if (last.seat !== seat) return new RuleViolation('undo.not-your-action', `The last action is seat ${last.seat}'s: a seat undoes only its own actions`);
    if (last.turnBoundary || state.turn?.ended) {
      return new RuleViolation('undo.not-this-turn', 'Only actions of the running turn can be undone');
    }
    if (last.revealing) {
      return new RuleViolation('undo.revealed', 'The last action rolled dice, drew or showed hidden information: it cannot be undone');
    }
    return null;
  }

  /** Why `seat` may not redo now, or null when it may. */
  redoRefusal(seat: number): RuleViolation | null {
    const general = generalRefusal(this.current, seat);
    if (general) return general;
    const next = this.nextRedo;
    if (!next) return new RuleViolation('redo.nothing-to-redo', 'There is no undone action to redo');
    if (this.current.mode === 'standard' && next.seat !== seat) {
      return new RuleViolation('redo.not-your-action', `The action to redo is seat ${next.seat}'s: a seat redoes only its own actions`);
    }
    return null;
  }

  /** What the next Undo would take back, and which seats may send it now. */
  undoable(): HistoryStep | null {
    const last = this.lastEffective;
    if (!last || last.seat === null) return null;
    return this.step(last, (seat) => this.undoRefusal(seat) === null);
  }

  /** What the next Redo would re-apply, and which seats may send it now. */
  redoable(): HistoryStep | null {
    const next = this.nextRedo;
    return next ? this.step(next, (seat) => this.redoRefusal(seat) === null) : null;
  }

  private step(action: HistoryAction, may: (seat: number) => boolean): HistoryStep {
    return {
      actionId: action.actionId,
      seat: action.seat,
      firstEventType: action.entries[0]?.event.type ?? '',
      by: this.current.seats.map((s) => s.seat).filter(may),
    };
  }
}

function generalRefusal(state: GameState, seat: number): RuleViolation | null {
  if (state.status === 'new') return new RuleViolation('game.not-found', 'There is no such game');
  // [D] a finished game is a record: fork it to play on from an earlier point.
  if (state.status !== 'active') return new RuleViolation('game.over', `The scenario is over (${state.status})`);
  if (!state.seats.some((s) => s.seat === seat)) return new RuleViolation('seat.unknown', 'Not a seat of this game');
  return null;
}

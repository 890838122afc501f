// A game's history: the whole log, folded to the effective state, with what can be undone or
// redone now and by whom. It composes the action stack (action-stack.ts: which actions are
// effective), the state memory (state-memory.ts: which states around them are kept) and the
// undo rules (undo-rules.ts: who may undo or redo what).
import { applyEvents } from '../decision';
import type { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import { deepFreeze } from '../freeze';
import { initialState, type GameState } from '../state';
import { ActionStack, type StackMove } from './action-stack';
import { isFloor, type HistoryBase } from './history-base';
import { extendAction, toAction, type HistoryAction } from './history-action';
import { groupActions, type LogEntry, type LoggedAction } from './log-entry';
import { StateMemory } from './state-memory';
import { TakebackLedger, type TakebackRequest } from './takeback-ledger';
import { takebackView, type TakebackView } from './takeback-rules';
import { historyStep, redoRefusal, undoRefusal, type HistoryStep } from './undo-rules';

export class GameHistory {
  private readonly log: LogEntry[] = [];
  /** The revision of the last event before `log` (-1: the log is whole; see resume). */
  private baseRevision = -1;
  /** The log's last entry before `log` (a resumed history's), for a read that continues it. */
  private baseLast: LogEntry | undefined;
  private readonly stack = new ActionStack<HistoryAction>();
  private memory: StateMemory;
  private readonly takebacks = new TakebackLedger();
  private current: GameState = deepFreeze(initialState());

  /**
   * `freezeStates: false` leaves the states decided and refolded for this game unfrozen (a
   * production server's choice, `LOGBOOK_FREEZE_STATES`; see Decision): the game's history keeps
   * the setting, so whoever decides against it need not pass it again.
   */
  readonly freezeStates: boolean;

  constructor(options: { freezeStates?: boolean } = {}) {
    this.freezeStates = options.freezeStates ?? true;
    this.memory = new StateMemory(this.stack.effective, this.freezeStates);
  }

  /** Folds a stored log (cold load). */
  static fold(entries: Iterable<LogEntry>, options: { freezeStates?: boolean } = {}): GameHistory {
    const history = new GameHistory(options);
    const all = [...entries];
    history.log.push(...all);
    for (const logged of groupActions(all)) {
      history.stack.move(logged, toAction);
      history.takebacks.observe(logged);
    }
    history.current = history.memory.fill();
    return history;
  }

  /**
   * A history that starts at a base (a snapshot of an earlier fold, history-base.ts) and folds
   * `entries`, the log after it. The base's top action is a floor no undo or takeback can take
   * back, so the stack below it is never needed: the same states, undos and refusals as a fold
   * of the whole log, for the cost of the events since the base.
   */
  static resume(base: HistoryBase, entries: Iterable<LogEntry>, options: { freezeStates?: boolean } = {}): GameHistory {
    const history = new GameHistory(options);
    const state = history.freezeStates ? deepFreeze(base.state) : base.state;
    history.baseRevision = base.revision;
    history.baseLast = base.last;
    history.memory = new StateMemory(history.stack.effective, history.freezeStates, state);
    const floor = toAction(base.floor);
    floor.after = state;
    history.stack.effective.push(floor);
    history.takebacks.last = base.takeback === null ? null : structuredClone(base.takeback);
    history.current = state;
    const all = [...entries];
    if (all[0] && all[0].actionId === base.last.actionId) {
      // The log goes on inside the base's last action (a read that ended in it): one at a time.
      history.append(all);
      return history;
    }
    // As a cold fold does: the stack first, then the states, a checkpoint's worth of events per draft.
    history.log.push(...all);
    for (const logged of groupActions(all, base.revision + 1)) {
      history.stack.move(logged, toAction);
      history.takebacks.observe(logged);
    }
    history.current = history.memory.fill();
    return history;
  }

  /**
   * What a resume may start from now, or null: only once the top action is a floor (isFloor),
   * nothing can be redone, and the log holds the whole of its last action (the caller says).
   */
  base(): HistoryBase | null {
    const top = this.stack.top;
    const last = this.lastEntry;
    if (!top || !last || this.stack.nextRedo || !isFloor(top, this.current.mode)) return null;
    return {
      revision: this.revision,
      state: this.current,
      floor: { actionId: top.actionId, seat: top.seat, firstIndex: top.firstIndex, entries: top.entries.slice() },
      takeback: this.takebacks.last === null ? null : structuredClone(this.takebacks.last),
      last: { actionId: last.actionId, seat: last.seat, event: last.event },
    };
  }

  /** The revision the history's own log starts after: -1 when it holds the whole log (see resume). */
  get startsAfter(): number {
    return this.baseRevision;
  }

  /** The log's last entry (a resumed history's base entry while it holds none of its own). */
  get lastEntry(): LogEntry | undefined {
    return this.log.length > 0 ? this.log[this.log.length - 1] : this.baseLast;
  }

  /** The effective state: the board is a pure function of the log. */
  get state(): GameState {
    return this.current;
  }

  /** The whole log, undo and redo included (a resumed history: the log after its base, `startsAfter`). */
  get entries(): readonly LogEntry[] {
    return this.log;
  }

  /** The revision of the last event in the log (-1 when empty). */
  get revision(): number {
    return this.baseRevision + this.log.length;
  }

  /** The effective actions, in order. */
  get effectiveActions(): readonly HistoryAction[] {
    return this.stack.effective;
  }

  /** The effective log: undone actions removed, redone ones back in place. */
  effectiveEntries(): LogEntry[] {
    return this.stack.effective.flatMap((a) => a.entries);
  }

  /** The action the next Undo would take back (ignoring who may send it). */
  get lastEffective(): HistoryAction | undefined {
    return this.stack.top;
  }

  /** The action the next Redo would re-apply. */
  get nextRedo(): HistoryAction | undefined {
    return this.stack.nextRedo;
  }

  /**
   * Records an accepted action: its events as appended to the log. `stateAfter` is the state
   * the decision gave (decideAndApply / decideWithHistory); without it the events are applied.
   */
  record(actionId: string, seat: number | null, events: readonly GameEvent[], stateAfter?: GameState): void {
    if (events.length === 0) return;
    const first = this.baseRevision + 1 + this.log.length;
    const entries = events.map((event) => ({ actionId, seat, event }));
    this.log.push(...entries);
    const logged: LoggedAction = { actionId, seat, firstIndex: first, entries };
    this.takebacks.observe(logged);
    const moves = this.stack.move(logged, toAction);
    for (let i = 0; i < moves.length; i++) this.take(moves[i] as StackMove<HistoryAction>, events, i === moves.length - 1 ? stateAfter : undefined);
  }

  /** One move of the stack: `stateAfter`, when known, is the state after it. */
  private take(move: StackMove<HistoryAction>, events: readonly GameEvent[], stateAfter: GameState | undefined): void {
    const action = move.action;
    if (move.kind === 'undo') {
      this.current = this.memory.afterUndo(action, move.at, stateAfter);
      return;
    }
    if (move.kind === 'push') {
      action.before = this.current;
      action.after = stateAfter ?? applyEvents(this.current, events, this.freezeStates);
    } else {
      // Redo never decides again: the recorded events come back as they were.
      const state =
        stateAfter ??
        action.after ??
        applyEvents(
          this.current,
          action.entries.map((e) => e.event),
          this.freezeStates,
        );
      action.before ??= this.current;
      action.after = state;
    }
    this.current = action.after;
    this.memory.bound();
  }

  /**
   * Appends entries read from the log (a catch-up read, a live feed): whole actions, or the rest
   * of the last action when a read ended inside it. For actions decided here, use `record`.
   */
  append(entries: readonly LogEntry[]): void {
    for (const logged of groupActions(entries)) {
      const lastLogged = this.lastEntry;
      const top = this.lastEffective;
      if (lastLogged && lastLogged.actionId === logged.actionId && top && top.actionId === logged.actionId) {
        // The rest of an action whose first events were read before.
        this.log.push(...logged.entries);
        const events = extendAction(top, logged.entries);
        top.after = applyEvents(this.current, events, this.freezeStates);
        this.current = top.after;
        this.memory.bound();
        continue;
      }
      this.record(
        logged.actionId,
        logged.seat,
        logged.entries.map((e) => e.event),
      );
    }
  }

  /** The effective state before the last effective action `action`: a reference, or a refold. */
  stateBefore(action: HistoryAction): GameState {
    return this.memory.stateBefore(action);
  }

  /** Why `seat` may not undo now, or null when it may. Checked in the order RULES.md lists. */
  undoRefusal(seat: number): RuleViolation | null {
    return undoRefusal(this.current, this.lastEffective, seat);
  }

  /** Why `seat` may not redo now, or null when it may. */
  redoRefusal(seat: number): RuleViolation | null {
    return redoRefusal(this.current, this.nextRedo, seat, this.takebacks.takenBack);
  }

  /** The latest takeback request in the log and how it stands by the log (null when none was asked). */
  get takeback(): TakebackRequest | null {
    return this.takebacks.last;
  }

  /** The latest request and what a new one may reach back to, for the board view. */
  takebackView(): TakebackView | null {
    return takebackView(this);
  }

  /** What the next Undo would take back, and which seats may send it now. */
  undoable(): HistoryStep | null {
    const last = this.lastEffective;
    if (!last || last.seat === null) return null;
    return historyStep(this.current, last, (seat) => this.undoRefusal(seat));
  }

  /** What the next Redo would re-apply, and which seats may send it now. */
  redoable(): HistoryStep | null {
    const next = this.nextRedo;
    return next ? historyStep(this.current, next, (seat) => this.redoRefusal(seat)) : null;
  }
}

// Which states a history keeps. Every state is frozen and shares structure with its neighbours,
// so the state before an action is just a reference: undo restores it in O(1). The last few
// actions keep those references; further back an action keeps its state after only when
// CHECKPOINT_EVENTS events separate it from the kept state before it. An undo anywhere (sandbox
// undoes any number of actions, a stored log may hold any) then applies fewer events than that
// to the nearest checkpoint, never a refold of the log.
import { applyEvents } from '../decision';
import type { GameEvent } from '../events';
import { applyEvent } from '../evolve';
import { deepFreeze } from '../freeze';
import { initialState, type GameState } from '../state';
import { eventsOf, type HistoryAction } from './history-action';

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

function foldActions(actions: readonly HistoryAction[]): GameState {
  const state = initialState();
  for (const action of actions) for (const entry of action.entries) applyEvent(state, entry.event);
  return deepFreeze(state);
}

/** The first of `actions` after `origin`, the state a resumed history starts from (see GameHistory.resume). */
function foldAfter(origin: GameState, actions: readonly HistoryAction[], freezeStates: boolean): GameState {
  return applyEvents(origin, eventsOf(actions.slice(1)), freezeStates);
}

/** The states kept on a history's effective actions (the array it shares with its action stack). */
export class StateMemory {
  /** Effective actions below this index keep only checkpoints (see bound). */
  private keptFrom = 0;
  /**
   * Events since the last kept state below `keptFrom` (counted up to CHECKPOINT_EVENTS), carried
   * from one `bound` to the next so an order costs O(1) here; undefined after anything that
   * moved `keptFrom` or dropped states, and counted again then.
   */
  private sinceKept: number | undefined = 0;

  constructor(
    private readonly effective: HistoryAction[],
    private readonly freezeStates: boolean,
    /** A resumed history's base state, after its first effective action (which no undo takes back). */
    private readonly origin?: GameState,
  ) {}

  /**
   * Gives the effective actions of a cold load their states and returns the last. Up to the last
   * few actions, folds a checkpoint's worth of events per draft (close to a mutable fold's
   * speed) and keeps the state after each; then a state per action.
   */
  fill(): GameState {
    const effective = this.effective;
    // A resumed history's first action is its base: its state after is the origin, already kept.
    const first = this.origin ? 1 : 0;
    const keepFrom = Math.max(first, effective.length - KEEP_STATES_FOR_LAST);
    this.keptFrom = keepFrom;
    this.sinceKept = undefined;
    let state: GameState = this.origin ?? deepFreeze(initialState());
    let chunk: GameEvent[] = [];
    for (let i = first; i < keepFrom; i++) {
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
      state = applyEvents(
        state,
        action.entries.map((e) => e.event),
        this.freezeStates,
      );
      action.after = state;
    }
    return state;
  }

  /**
   * Bounds the memory a long game holds, after an action joined the top: the last few actions
   * keep their states, older ones a checkpoint every CHECKPOINT_EVENTS events (what bounds an
   * undo's cost anywhere in the log).
   */
  bound(): void {
    const denseFrom = this.effective.length - DENSE_STATES;
    if (this.keptFrom >= denseFrom) return;
    let since = this.sinceKept ?? this.eventsAfterLastKept(this.keptFrom);
    for (let i = this.keptFrom; i < denseFrom; i++) {
      const action = this.effective[i];
      if (!action) continue;
      action.before = undefined;
      since += action.entries.length;
      if (action.after && since < CHECKPOINT_EVENTS) action.after = undefined;
      if (action.after) since = 0;
    }
    this.keptFrom = denseFrom;
    this.sinceKept = Math.min(since, CHECKPOINT_EVENTS);
  }

  /**
   * After an undo took `undone` out from effective index `at`: the effective state now
   * (`stateAfter` when the decision gave it). An action from below the top (only a log written
   * elsewhere holds that): the states kept from there on folded it in, so they go.
   */
  afterUndo(undone: HistoryAction, at: number, stateAfter: GameState | undefined): GameState {
    const top = at === this.effective.length;
    if (!top) for (const later of this.effective.slice(at)) later.before = later.after = undefined;
    this.keptFrom = Math.min(this.keptFrom, this.effective.length);
    this.sinceKept = undefined;
    return stateAfter ?? (top ? this.stateBefore(undone) : this.stateAfterFirst(this.effective.length));
  }

  /** The effective state before `action`, the last effective one or the one just undone: a reference, or a refold. */
  stateBefore(action: HistoryAction): GameState {
    if (!action.before) {
      const at = this.effective.lastIndexOf(action);
      action.before = this.stateAfterFirst(at === -1 ? this.effective.length : at);
    }
    return action.before;
  }

  /** Events of the effective actions below `end` since the last one that keeps its state after (counted up to CHECKPOINT_EVENTS). */
  private eventsAfterLastKept(end: number): number {
    let events = 0;
    for (let i = end - 1; i >= 0 && events < CHECKPOINT_EVENTS; i--) {
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
    if (base) return applyEvents(base, eventsOf(between), this.freezeStates);
    return this.origin ? foldAfter(this.origin, this.effective.slice(0, count), this.freezeStates) : foldActions(this.effective.slice(0, count));
  }
}

// What may be undone or redone, and by whom ([D §11]; RULES.md lists the refusals in the order
// they are checked). Pure functions of the effective state and the action at the top of the
// stack or of the redo stack.
import { RuleViolation } from '../errors';
import { seatRefusal } from '../seat-may-act';
import type { GameState } from '../state';
import type { HistoryAction } from './history-action';

/** What the next Undo or Redo would take back or re-apply, and which seats may send it now. */
export interface HistoryStep {
  actionId: string;
  /** The seat whose action it is (null for a system action). */
  seat: number | null;
  /** The type of the command the action decided, from its first event's type when unknown. */
  firstEventType: string;
  /** Seats that may send it now; empty when nobody may (see the refusals). */
  by: number[];
  /** When nobody may: why, as the refusal the action's own seat would get (the turn ended, it revealed a tile…). */
  why?: string;
}

/** Why `seat` may not undo `last` (the last effective action) now, or null when it may. */
export function undoRefusal(state: GameState, last: HistoryAction | undefined, seat: number): RuleViolation | null {
  // [D §11] sandbox undoes back to the start, the action that ended the game included: undoing
  // it makes the game active again. A standard game's end stays a record.
  const general = seatRefusal(state, seat, state.mode === 'sandbox');
  if (general) return general;
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

/** Why `seat` may not redo `next` (the top of the redo stack) now, or null when it may. */
export function redoRefusal(state: GameState, next: HistoryAction | undefined, seat: number, takenBack: ReadonlySet<string> = new Set()): RuleViolation | null {
  const general = seatRefusal(state, seat);
  if (general) return general;
  if (!next) return new RuleViolation('redo.nothing-to-redo', 'There is no undone action to redo');
  // [D §11] the seats agreed to take it back together: one seat alone does not bring it back.
  if (takenBack.has(next.actionId)) return new RuleViolation('redo.taken-back', 'The action to redo was taken back by the seats’ consent');
  if (state.mode === 'standard' && next.seat !== seat) {
    return new RuleViolation('redo.not-your-action', `The action to redo is seat ${next.seat}'s: a seat redoes only its own actions`);
  }
  return null;
}

/** `action` as the next Undo or Redo, with the seats of `state` it does not `refuse`, and why when none. */
export function historyStep(state: GameState, action: HistoryAction, refuse: (seat: number) => RuleViolation | null): HistoryStep {
  const by = state.seats.map((s) => s.seat).filter((seat) => refuse(seat) === null);
  const step: HistoryStep = { actionId: action.actionId, seat: action.seat, firstEventType: action.entries[0]?.event.type ?? '', by };
  const asked = action.seat ?? state.seats[0]?.seat;
  if (by.length === 0 && asked !== undefined) {
    const refusal = refuse(asked);
    if (refusal) step.why = refusal.message;
  }
  return step;
}

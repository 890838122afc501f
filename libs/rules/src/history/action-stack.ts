// The undo/redo stack, the one algorithm every reader of a log shares: an action pushes,
// ActionUndone pops the action it names, ActionRedone pushes back what was popped, and a new
// action forgets what could be redone. GameHistory keeps states on its actions; effectiveActions
// keeps the logged actions alone. Both walk the log through `move`.
import { groupActions, historyTarget, type LogEntry, type LoggedAction } from './log-entry';
import { isHistoryNeutral } from './neutral-events';

/** What one logged action did to the stack (undefined from `move` when it named no action it could take, or is no game action). */
export type StackMove<A> =
  | { kind: 'push'; action: A }
  /** `at`: where the action stood among the effective ones (below the top only in a log written elsewhere). */
  | { kind: 'undo'; action: A; at: number }
  | { kind: 'redo'; action: A };

export class ActionStack<A extends { readonly actionId: string }> {
  /** The effective actions, in order. */
  readonly effective: A[] = [];
  /** The redo stack: the most recently undone action last. */
  readonly undone: A[] = [];

  /** The action the next Undo would take back. */
  get top(): A | undefined {
    return this.effective[this.effective.length - 1];
  }

  /** The action the next Redo would re-apply. */
  get nextRedo(): A | undefined {
    return this.undone[this.undone.length - 1];
  }

  /**
   * Moves the stack by one logged action; `make` builds the stack's action from a new one (an
   * undo or redo reuses the action it names).
   */
  move(logged: LoggedAction, make: (logged: LoggedAction) => A): StackMove<A> | undefined {
    const target = historyTarget(logged);
    // Not a game action (neutral-events.ts): nothing to push, and what could be redone still can.
    if (target === null && isHistoryNeutral(logged.entries[0]?.event.type ?? '')) return undefined;
    if (target === null) {
      const action = make(logged);
      this.effective.push(action);
      this.undone.length = 0;
      return { kind: 'push', action };
    }
    if (target.kind === 'undo') {
      const at = lastIndexOf(this.effective, target.actionId);
      if (at === -1) return undefined;
      const action = this.effective.splice(at, 1)[0] as A;
      this.undone.push(action);
      return { kind: 'undo', action, at };
    }
    const at = lastIndexOf(this.undone, target.actionId);
    if (at === -1) return undefined;
    const action = this.undone.splice(at, 1)[0] as A;
    this.effective.push(action);
    return { kind: 'redo', action };
  }
}

function lastIndexOf(list: readonly { readonly actionId: string }[], actionId: string): number {
  for (let at = list.length - 1; at >= 0; at--) if (list[at]?.actionId === actionId) return at;
  return -1;
}

const asLogged = (logged: LoggedAction): LoggedAction => logged;

/**
 * The effective actions of a log, in order: undone ones removed, redone ones back in place, and
 * the undo/redo actions themselves left out. A pure list operation: no state is needed.
 */
export function effectiveActions(entries: Iterable<LogEntry>): LoggedAction[] {
  const stack = new ActionStack<LoggedAction>();
  for (const logged of groupActions(entries)) stack.move(logged, asLogged);
  return stack.effective;
}

/** The log with undone actions removed and redone ones back in place. */
export const effectiveEntries = (entries: Iterable<LogEntry>): LogEntry[] => effectiveActions(entries).flatMap((action) => action.entries);

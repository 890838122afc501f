// One effective action as a history holds it: what it logged, the two facts the undo rules ask
// of it, and the states around it that the state memory keeps or drops.
import type { GameEvent } from '../events';
import type { GameState } from '../state';
import type { LogEntry, LoggedAction } from './log-entry';
import { isRevealingAction } from './revealing';

export interface HistoryAction extends LoggedAction {
  /** [D §11] it drew from the Rng or showed something hidden (see revealing.ts). */
  revealing: boolean;
  /** It ended a turn or started one: standard-mode undo never takes it back. */
  turnBoundary: boolean;
  /** The effective state before and after it, when known (see state-memory.ts). */
  before?: GameState;
  after?: GameState;
}

const isTurnBoundary = (events: readonly GameEvent[]): boolean => events.some((e) => e.type === 'TurnStarted' || e.type === 'TurnEnded');

// Built as one literal with every field (states as undefined until known, and set back to
// undefined rather than deleted): V8 then gives every action one shared hidden class. A spread
// followed by more fields (`{ ...logged, revealing }`), or a `delete`, gives each object a map of
// its own: memory per action, and slow property access wherever actions are read.
export const toAction = (logged: LoggedAction): HistoryAction => {
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

/**
 * Adds the rest of an action's events (a read that ended inside it) to what the action says of
 * itself; returns those events.
 */
export function extendAction(action: HistoryAction, entries: readonly LogEntry[]): GameEvent[] {
  const events = entries.map((e) => e.event);
  action.entries.push(...entries);
  action.revealing ||= isRevealingAction(events);
  action.turnBoundary ||= isTurnBoundary(events);
  return events;
}

export const eventsOf = (actions: readonly HistoryAction[]): GameEvent[] => actions.flatMap((a) => a.entries.map((e) => e.event));

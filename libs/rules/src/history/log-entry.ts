// The log as the history sees it: each event with the action it belongs to. An action is one
// accepted command and every event it produced, appended together; its id is the command's id.
import type { GameEvent } from '../events';
import { isHistoryNeutral } from './neutral-events';

export interface LogEntry {
  actionId: string;
  /** The seat that sent the command; null for system commands (CreateGame). */
  seat: number | null;
  event: GameEvent;
}

export interface LoggedAction {
  actionId: string;
  seat: number | null;
  /** Index in the log of the action's first event. */
  firstIndex: number;
  entries: LogEntry[];
}

/** Consecutive entries with the same actionId form one action; `start` is the log index of the first entry. */
export function groupActions(entries: Iterable<LogEntry>, start = 0): LoggedAction[] {
  const actions: LoggedAction[] = [];
  let index = start;
  for (const entry of entries) {
    const last = actions[actions.length - 1];
    if (last && last.actionId === entry.actionId) last.entries.push(entry);
    else actions.push({ actionId: entry.actionId, seat: entry.seat, firstIndex: index, entries: [entry] });
    index++;
  }
  return actions;
}

export interface HistoryTarget {
  kind: 'undo' | 'redo';
  actionId: string;
}

/**
 * What an action does to the history: null for a game action (it joins the effective history);
 * otherwise the actions its ActionUndone / ActionRedone events name, in order: one for an Undo
 * or Redo, several for an accepted takeback, none for an action of history-neutral events only
 * (neutral-events.ts), which leaves the history as it was.
 */
export function historyTargets(action: LoggedAction): HistoryTarget[] | null {
  // Allocated only for the few actions that are not game actions (this runs for every action).
  let targets: HistoryTarget[] | undefined;
  for (const { event } of action.entries) {
    if (event.type === 'ActionUndone') (targets ??= []).push({ kind: 'undo', actionId: event.data.actionId });
    else if (event.type === 'ActionRedone') (targets ??= []).push({ kind: 'redo', actionId: event.data.actionId });
    else if (!isHistoryNeutral(event.type)) return null;
  }
  return targets ?? [];
}

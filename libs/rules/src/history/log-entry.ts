// The log as the history sees it: each event with the action it belongs to. An action is one
// accepted command and every event it produced, appended together; its id is the command's id.
import type { GameEvent } from '../events';

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

/** Consecutive entries with the same actionId form one action. */
export function groupActions(entries: Iterable<LogEntry>): LoggedAction[] {
  const actions: LoggedAction[] = [];
  let index = 0;
  for (const entry of entries) {
    const last = actions[actions.length - 1];
    if (last && last.actionId === entry.actionId) last.entries.push(entry);
    else actions.push({ actionId: entry.actionId, seat: entry.seat, firstIndex: index, entries: [entry] });
    index++;
  }
  return actions;
}

/** The action an ActionUndone / ActionRedone names, or null for any other action. */
export const historyTarget = (action: LoggedAction): { kind: 'undo' | 'redo'; actionId: string } | null => {
  const event = action.entries[0]?.event;
  if (event?.type === 'ActionUndone') return { kind: 'undo', actionId: event.data.actionId };
  if (event?.type === 'ActionRedone') return { kind: 'redo', actionId: event.data.actionId };
  return null;
};

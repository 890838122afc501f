import type { DomainEvent } from '../event';

/**
 * [D §11] an action (one accepted command and every event it produced) taken back: the board no
 * longer includes its events. The log keeps them; `seat` is the seat that undid it, or that asked
 * for the takeback (`takeback`: its request id) whose acceptance undid it.
 */
export type ActionUndone = DomainEvent<'ActionUndone', { actionId: string; seat: number; takeback?: number }>;
/** [D §11] the most recently undone action re-applied with its recorded events (never rolled again). */
export type ActionRedone = DomainEvent<'ActionRedone', { actionId: string; seat: number }>;

export type HistoryEvent = ActionUndone | ActionRedone;

export const HISTORY_EVENT_TYPES: ReadonlySet<string> = new Set<HistoryEvent['type']>(['ActionUndone', 'ActionRedone']);

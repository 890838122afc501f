// Events that are in a game's log but are not game actions: they change nothing of the board, an
// undo never takes them back, and recording one forgets no redo. Every reader of the log that
// keeps the undo/redo stack (the history, the seek index, the timeline, analytics) skips them.
export const HISTORY_NEUTRAL_EVENTS: ReadonlySet<string> = new Set<string>(['NoteAdded']);

export const isHistoryNeutral = (type: string): boolean => HISTORY_NEUTRAL_EVENTS.has(type);

// Events that are not game actions: they record something about the game (a takeback asked or
// answered) without changing the board, so an undo never takes one back, a redo stack survives
// them, and the effective history leaves them out. One list for every such event type.
export const HISTORY_NEUTRAL_EVENTS: ReadonlySet<string> = new Set<string>([
  'TakebackRequested',
  'TakebackAccepted',
  'TakebackDeclined',
  'TakebackWithdrawn',
]);

export const isHistoryNeutral = (type: string): boolean => HISTORY_NEUTRAL_EVENTS.has(type);

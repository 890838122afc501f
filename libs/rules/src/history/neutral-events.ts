// Events that are in a game's log but are not game actions: they record something about the game
// (a takeback asked or answered, a note on a moment, a seat handed to a bot or taken back, a seat claimed into a profile) without changing the board, so an undo never
// takes one back, recording one forgets no redo, and the effective history leaves them out. Every
// reader of the log that keeps the undo/redo stack (the history, the seek index, the timeline,
// analytics) skips them. One list for every such event type.
export const HISTORY_NEUTRAL_EVENTS: ReadonlySet<string> = new Set<string>([
  'TakebackRequested',
  'TakebackAccepted',
  'TakebackDeclined',
  'TakebackWithdrawn',
  'NoteAdded',
  'SeatHandedToBot',
  'SeatTakenBack',
  'SeatClaimed',
]);

export const isHistoryNeutral = (type: string): boolean => HISTORY_NEUTRAL_EVENTS.has(type);

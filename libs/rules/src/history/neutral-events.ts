// Events that are not game actions: they change who plays a seat, or say something about the
// game, never the board. An undo never takes them back, and an action made only of them is not
// on the action stack (it neither becomes the next thing to undo nor forgets what could be redone).
export const HISTORY_NEUTRAL_EVENTS: ReadonlySet<string> = new Set<string>(['SeatHandedToBot', 'SeatTakenBack']);

export const isHistoryNeutral = (type: string): boolean => HISTORY_NEUTRAL_EVENTS.has(type);

// The history folder's public names, spelled out for the reason libs/rules/src/index.ts gives.
export { decideWithHistory, type HistoryDecision, type LogCommand } from './decide-with-history';
export { effectiveActions, effectiveEntries } from './action-stack';
export { GameHistory } from './game-history';
export { type HistoryAction } from './history-action';
export { type HistoryCommand, isHistoryCommand, type Redo, type SeatCommand, type Undo } from './history.commands';
export { type ActionRedone, type ActionUndone, HISTORY_EVENT_TYPES, type HistoryEvent } from './history.events';
export { HISTORY_NEUTRAL_EVENTS, isHistoryNeutral } from './neutral-events';
export { groupActions, historyTarget, type LogEntry, type LoggedAction } from './log-entry';
export { isRevealingAction, isRevealingEvent, REVEALING_EVENT_TYPES } from './revealing';
export { type HistoryStep } from './undo-rules';

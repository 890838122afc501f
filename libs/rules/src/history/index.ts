// The history folder's public names, spelled out for the reason libs/rules/src/index.ts gives.
export { decideWithHistory, type HistoryDecision, type LogCommand } from './decide-with-history';
export { GameHistory, type HistoryAction, type HistoryStep } from './game-history';
export { type HistoryCommand, isHistoryCommand, type Redo, type SeatCommand, type Undo } from './history.commands';
export {
  type ActionRedone, type ActionUndone, HISTORY_EVENT_TYPES, type HistoryEvent,
} from './history.events';
export {
  effectiveActions, effectiveEntries, groupActions, historyTarget, type LogEntry, type LoggedAction,
} from './log-entry';
export { isRevealingAction, isRevealingEvent, REVEALING_EVENT_TYPES } from './revealing';

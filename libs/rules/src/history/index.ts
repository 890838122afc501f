// The history folder's public names, spelled out for the reason libs/rules/src/index.ts gives.
export { decideWithHistory, type HistoryDecision, type LogCommand } from './decide-with-history';
export { effectiveActions, effectiveEntries } from './action-stack';
export { GameHistory } from './game-history';
export { type HistoryBase, isFloor } from './history-base';
export { type HistoryAction } from './history-action';
export { type HistoryCommand, isHistoryCommand, type Redo, type SeatCommand, type Undo } from './history.commands';
export { type ActionRedone, type ActionUndone, HISTORY_EVENT_TYPES, type HistoryEvent } from './history.events';
export { groupActions, historyTargets, type HistoryTarget, type LogEntry, type LoggedAction } from './log-entry';
export { HISTORY_NEUTRAL_EVENTS, isHistoryNeutral } from './neutral-events';
export { type AnswerTakeback, type RequestTakeback, type TakebackCommand, type WithdrawTakeback } from './takeback.commands';
export { type TakebackAccepted, type TakebackDeclined, type TakebackEvent, type TakebackRequested, type TakebackWithdrawn } from './takeback.events';
export { type TakebackOutcome, type TakebackRequest, type TakebackStatus, takebackStatus } from './takeback-ledger';
export { TAKEBACK_WINDOW_MS, type TakebackCandidate, takebackCandidates, type TakebackView, takebackWaitingFor } from './takeback-rules';
export { isRevealingAction, isRevealingEvent, REVEALING_EVENT_TYPES } from './revealing';
export { type HistoryStep } from './undo-rules';

import type { Appliers } from '../appliers';
import type { HistoryEvent } from './history.events';
import type { TakebackEvent } from './takeback.events';

// Undo and redo change which events count, not the state an event leads to: a log that holds
// them folds through effectiveEntries / GameHistory. Folding one straight onto a state would
// quietly give a wrong board, so it fails loudly instead.
const notFoldable = (type: string) => () => {
  throw new Error(`${type} cannot be folded onto a state: fold the log through GameHistory or effectiveEntries`);
};

export const historyAppliers: Appliers<HistoryEvent> = {
  ActionUndone: notFoldable('ActionUndone'),
  ActionRedone: notFoldable('ActionRedone'),
};

// A takeback asked or answered changes no board: the undos an acceptance records do.
const unchanged = (): void => undefined;

export const takebackAppliers: Appliers<TakebackEvent> = {
  TakebackRequested: unchanged,
  TakebackAccepted: unchanged,
  TakebackDeclined: unchanged,
  TakebackWithdrawn: unchanged,
};

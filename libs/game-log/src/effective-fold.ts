// The state a log's effective history folds into, action by action (undone actions left out,
// redone ones back in place). Everything that needs the board "as the log stands" (re-decision,
// forks, the game-states read model, the command line's verify) goes through here.
import type { RecordedEvent } from '@logbook/event-store';
import { GameHistory, type GameEvent, type GameState } from '@logbook/rules';
import type { RecordedAction } from './action-metadata';
import { toLogEntries } from './log-entries';

export class EffectiveFold {
  readonly history = new GameHistory();

  get state(): GameState {
    return this.history.state;
  }

  apply(action: Pick<RecordedAction, 'actionId' | 'seat'>, events: readonly GameEvent[]): void {
    this.history.record(action.actionId, action.seat, events);
  }
}

/** A log's effective history (the prefix given): its state, and what an undo or redo next needs. */
export function effectiveHistory(events: readonly RecordedEvent[]): GameHistory {
  return GameHistory.fold(toLogEntries(events));
}

/** The effective state after a log's events (the prefix given), undo and redo included. */
export function effectiveState(events: readonly RecordedEvent[]): GameState {
  return effectiveHistory(events).state;
}

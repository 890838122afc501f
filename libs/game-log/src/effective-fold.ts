// The state a log's effective history folds into, action by action. Everything that needs the
// board "as the log stands" (re-decision, forks) goes through here, so undo and redo reach all
// of them by one change.
import { applyEvent, initialState, type GameEvent, type GameState } from '@logbook/rules';
import type { RecordedEvent } from '@logbook/event-store';
import type { RecordedAction } from './action-metadata';
import { toDomainEvent } from './game-events';

export class EffectiveFold {
  readonly state: GameState = initialState();

  apply(_action: Pick<RecordedAction, 'actionId' | 'seat'>, events: readonly GameEvent[]): void {
    for (const event of events) applyEvent(this.state, event);
  }
}

/** The effective state after a log's events (the prefix given). */
export function effectiveState(events: readonly RecordedEvent[]): GameState {
  const fold = new EffectiveFold();
  fold.apply({ actionId: '', seat: null }, events.map(toDomainEvent));
  return fold.state;
}

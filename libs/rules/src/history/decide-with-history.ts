// Deciding against a history: Undo and Redo need it; every other command is decided on the
// effective state as usual.
import type { GameCommand } from '../commands';
import { decideAndApply, type DecideContext } from '../decide';
import { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import { applyEvents } from '../decision';
import { deepFreeze } from '../freeze';
import { ensureSeatMayAct } from '../seat-may-act';
import type { GameState } from '../state';
import type { GameHistory } from './game-history';
import { isHistoryCommand, type HistoryCommand } from './history.commands';

export type LogCommand = GameCommand | HistoryCommand;

export interface HistoryDecision {
  events: GameEvent[];
  /** The effective state once the events are recorded (pass it to GameHistory.record). */
  state: GameState;
}

export function decideWithHistory(history: GameHistory, command: LogCommand, context: DecideContext): HistoryDecision {
  if (!isHistoryCommand(command)) return decideAndApply(history.state, command, context, history.freezeStates);
  ensureSeatMayAct(history.state, context);
  const seat = context.seat;
  if (command.type === 'Undo') {
    const refusal = history.undoRefusal(seat);
    if (refusal) throw refusal;
    const last = history.lastEffective;
    if (!last) throw new RuleViolation('undo.nothing-to-undo', 'There is no action to undo');
    const event: GameEvent = deepFreeze({ type: 'ActionUndone', data: { actionId: last.actionId, seat } });
    return { events: [event], state: history.stateBefore(last) };
  }
  const refusal = history.redoRefusal(seat);
  if (refusal) throw refusal;
  const next = history.nextRedo;
  if (!next) throw new RuleViolation('redo.nothing-to-redo', 'There is no undone action to redo');
  const event: GameEvent = deepFreeze({ type: 'ActionRedone', data: { actionId: next.actionId, seat } });
  // Redo never decides again: the recorded events come back as they were.
  return {
    events: [event],
    state:
      next.after ??
      applyEvents(
        history.state,
        next.entries.map((e) => e.event),
        history.freezeStates,
      ),
  };
}

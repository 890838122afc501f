// Deciding against a history: Undo, Redo and takebacks need it; every other command is decided
// on the effective state as usual.
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
import type { TakebackCommand } from './takeback.commands';
import { takebackAnswerRefusal, takebackExpiry, takebackRequestRefusal, takebackWaitingFor } from './takeback-rules';

export type LogCommand = GameCommand | HistoryCommand;

export interface HistoryDecision {
  events: GameEvent[];
  /** The effective state once the events are recorded (pass it to GameHistory.record). */
  state: GameState;
}

export function decideWithHistory(history: GameHistory, command: LogCommand, context: DecideContext): HistoryDecision {
  if (!isHistoryCommand(command)) return decideAndApply(history.state, command, context, history.freezeStates);
  // A sandbox game's end is undone like any other action (undo-rules.ts says who may).
  ensureSeatMayAct(history.state, context, command.type === 'Undo' && history.state.mode === 'sandbox');
  const seat = context.seat;
  if (command.type === 'Undo') {
    const refusal = history.undoRefusal(seat);
    if (refusal) throw refusal;
    const last = history.lastEffective;
    if (!last) throw new RuleViolation('undo.nothing-to-undo', 'There is no action to undo');
    const event: GameEvent = deepFreeze({ type: 'ActionUndone', data: { actionId: last.actionId, seat } });
    return { events: [event], state: history.stateBefore(last) };
  }
  if (command.type !== 'Redo') return decideTakeback(history, command, seat, context.now);
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

/** [D §11] a takeback asked, answered or withdrawn; the last acceptance records the undos with it. */
function decideTakeback(history: GameHistory, command: TakebackCommand, seat: number, now: number | undefined): HistoryDecision {
  // The rules keep no clock: the server passes its time, a replay the recorded one.
  if (now === undefined) throw new Error(`${command.type} is decided at a time: pass context.now`);
  const unchanged = (event: GameEvent): HistoryDecision => ({ events: [deepFreeze(event)], state: history.state });
  if (command.type === 'RequestTakeback') {
    const actions = takebackRequestRefusal(history, seat, command.actionId, now);
    if (actions instanceof RuleViolation) throw actions;
    const target = actions[actions.length - 1];
    return unchanged({
      type: 'TakebackRequested',
      data: {
        requestId: history.revision + 1,
        seat,
        actionIds: actions.map((a) => a.actionId),
        backTo: (target?.firstIndex ?? 0) - 1,
        requestedAt: now,
        expiresAt: takebackExpiry(now),
      },
    });
  }
  const request = takebackAnswerRefusal(history, seat, command.requestId, now, command.type === 'WithdrawTakeback' ? 'withdraw' : 'answer');
  if (request instanceof RuleViolation) throw request;
  const answer = { requestId: request.requestId, seat, at: now };
  if (command.type === 'WithdrawTakeback') return unchanged({ type: 'TakebackWithdrawn', data: answer });
  if (!command.accept) return unchanged({ type: 'TakebackDeclined', data: answer });
  const accepted: GameEvent = deepFreeze({ type: 'TakebackAccepted', data: answer });
  const waiting = takebackWaitingFor(history.state, request).filter((s) => s !== seat);
  if (waiting.length > 0) return { events: [accepted], state: history.state };
  // Every other seat agreed: the same undos an Undo records, the latest first. The request is
  // open only while the game has not moved on, so its actions are still the effective top.
  const effective = history.effectiveActions;
  const target = effective[effective.length - request.actionIds.length];
  if (!target || target.actionId !== request.actionIds[request.actionIds.length - 1]) {
    throw new Error(`takeback ${request.requestId}: its actions are no longer the top of the history`);
  }
  const undos = request.actionIds.map((actionId): GameEvent =>
    deepFreeze({ type: 'ActionUndone', data: { actionId, seat: request.seat, takeback: request.requestId } }),
  );
  return { events: [accepted, ...undos], state: history.stateBefore(target) };
}

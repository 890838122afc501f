// [D §5, built on S's turn] seats act in order; a turn starts with the clock, allows its orders,
// and ends with the end-of-turn effects; after the last seat the round ends.
import { defined } from '../invariant';
import type { Decision } from '../decision';
import { forReading } from '../draft-read';
import { isOver, loseScenario } from './scenario-end';

/** [S] the clock: one blessing to the discard; [D] if the deck is empty now, the scenario is lost at once. */
export function advanceClock(decision: Decision): void {
  const { deck, discard } = forReading(decision.reading.blessings);
  if (deck === 0) {
    loseScenario(decision, 'blessings-exhausted');
    return;
  }
  decision.emit({ type: 'BlessingAdvanced', data: { deck: deck - 1, discard: discard + 1 } });
}

export function startTurn(decision: Decision, seat: number, round: number): void {
  decision.emit({ type: 'TurnStarted', data: { seat, round, ordersLeft: decision.state.ordersPerTurn } });
  advanceClock(decision);
}

export function startFirstTurn(decision: Decision): void {
  startTurn(decision, defined(decision.state.seats[0], 'the first seat').seat, 1);
}

/**
 * [D §5] the active seat ends its turn. The end-of-turn effects run while the turn is still the
 * seat's (the active character resets its hand), then the turn ends; after the last seat the
 * end-of-round effects run. The round ends and the next turn starts (with its clock) only once
 * whatever those effects opened is answered: see continueAfterTurnEnd.
 */
export function endTurn(decision: Decision): void {
  // Read through `reading`: each object read through the draft is a proxy made (a tenth of an EndTurn).
  const { seat } = defined(decision.reading.turn, 'the turn');
  for (const effect of decision.hooks.turnEnd) effect(decision);
  if (isOver(decision)) return;
  decision.emit({ type: 'TurnEnded', data: { seat, round: decision.reading.round } });
  if (isLastSeat(decision, seat)) {
    for (const effect of decision.hooks.roundEnd) effect(decision);
    if (isOver(decision)) return;
  }
  continueAfterTurnEnd(decision);
}

const isLastSeat = (decision: Decision, seat: number): boolean => {
  const seats = forReading(decision.reading.seats);
  return seats.findIndex((s) => s.seat === seat) + 1 === seats.length;
};

/**
 * [D §5] after a turn has ended and nothing is pending: after the last seat the round ends, then
 * the next seat's turn starts. Run after every accepted command, so a damage window that the end
 * of the round opened is settled (blessings discarded) before the next turn's clock advances.
 */
export function continueAfterTurnEnd(decision: Decision): void {
  // Read field by field, the common answer first: each object read through a draft is a proxy made.
  const state = decision.reading;
  const turn = state.turn;
  if (!turn?.ended || state.pending || isOver(decision)) return;
  const { round } = state;
  const seats = forReading(state.seats);
  const lastSeat = isLastSeat(decision, turn.seat);
  if (lastSeat) decision.emit({ type: 'RoundEnded', data: { round } });
  const next = defined(seats[(seats.findIndex((s) => s.seat === turn.seat) + 1) % seats.length], 'the next seat');
  startTurn(decision, next.seat, lastSeat ? round + 1 : round);
}

// [D §5, built on S's turn] seats act in order; a turn starts with the clock, allows its orders,
// and ends with the end-of-turn effects; after the last seat the round ends.
import type { Decision } from '../decision';
import { endOfRoundEffects, endOfTurnEffects } from '../ships/ships.hooks';
import { isOver, loseScenario } from './scenario-end';

/** [S] the clock: one blessing to the discard; [D] if the deck is empty now, the scenario is lost at once. */
export function advanceClock(decision: Decision): void {
  const { deck, discard } = decision.state.blessings;
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
  startTurn(decision, decision.state.seats[0].seat, 1);
}

/**
 * [D §5] the active seat ends its turn. The end-of-turn effects run while the turn is still the
 * seat's (the active character resets its hand), then the turn ends; after the last seat the
 * end-of-round effects run and the next round starts. A response window they open stays open
 * into the next turn: it blocks every order until it is resolved.
 */
export function endTurn(decision: Decision): void {
  const { seat } = decision.state.turn!;
  endOfTurnEffects(decision);
  if (isOver(decision)) return;
  const { seats, round } = decision.state;
  decision.emit({ type: 'TurnEnded', data: { seat, round } });
  const index = seats.findIndex((s) => s.seat === seat);
  const lastSeat = index + 1 === seats.length;
  if (lastSeat) {
    endOfRoundEffects(decision);
    if (isOver(decision)) return;
    decision.emit({ type: 'RoundEnded', data: { round } });
  }
  startTurn(decision, seats[(index + 1) % seats.length].seat, lastSeat ? round + 1 : round);
}

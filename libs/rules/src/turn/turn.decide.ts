import type { CommandSpecs } from '../command-spec';
import type { Decision } from '../decision';
import type { TurnCommand } from './turn.commands';

export function startFirstTurn(decision: Decision): void {
  const first = decision.state.seats[0].seat;
  decision.emit({ type: 'TurnStarted', data: { seat: first, round: 1, ordersLeft: decision.state.ordersPerTurn } });
}

/** [D §5] seats act in order; after the last seat a new round begins. */
function startNextTurn(decision: Decision): void {
  const { seats, turn, round } = decision.state;
  const index = seats.findIndex((s) => s.seat === turn!.seat);
  const next = seats[(index + 1) % seats.length];
  const nextRound = index + 1 === seats.length ? round + 1 : round;
  decision.emit({ type: 'TurnStarted', data: { seat: next.seat, round: nextRound, ordersLeft: decision.state.ordersPerTurn } });
}

export const turnCommands: CommandSpecs<TurnCommand> = {
  EndTurn: {
    actor: 'active-seat',
    decide(decision) {
      const { turn, round } = decision.state;
      decision.emit({ type: 'TurnEnded', data: { seat: turn!.seat, round } });
      startNextTurn(decision);
    },
  },
};

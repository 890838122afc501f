// Whose move it is and what the game waits for: the question a client asks before it offers
// anything to its player. Public information only.
import type { GameState } from '../state';

export type WaitingFor =
  /** The active seat's turn: its orders, or the rest of its open Navigation order. */
  | { kind: 'turn'; seat: number; navigationOrderOpen: boolean }
  /** [S, D] the structural damage window: any seat may respond; the active seat resolves it. */
  | { kind: 'structural-damage'; shipId: string; amount: number; respondents: number[]; resolvedBy: number }
  /** [S] a plunder roll of 6: the active seat chooses the card type. */
  | { kind: 'plunder-choice'; seat: number }
  /** The scenario is over: nothing more may happen. */
  | { kind: 'nothing'; status: GameState['status'] };

export function waitingFor(state: GameState): WaitingFor {
  const seat = state.turn?.seat;
  if (state.status !== 'active' || seat === undefined) return { kind: 'nothing', status: state.status };
  const pending = state.pending;
  if (pending?.kind === 'structural-damage') {
    return {
      kind: 'structural-damage',
      shipId: pending.shipId,
      amount: pending.amount,
      respondents: state.seats.map((s) => s.seat),
      resolvedBy: seat,
    };
  }
  if (pending?.kind === 'plunder-choice') return { kind: 'plunder-choice', seat };
  return { kind: 'turn', seat, navigationOrderOpen: state.navigation !== null };
}

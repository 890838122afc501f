// The first refusals every seat's command meets, whatever it is: the game exists, it is not
// over, and the sender holds one of its seats. Play commands (decide.ts) and Undo/Redo
// (history/) check the same things in the same order, with the same rule ids.
import { RuleViolation } from './errors';
import type { GameState } from './state';

/**
 * Why `seat` may not act on `state` at all, or null when it may (its command's own rules aside).
 * `overIsOpen`: the command may act on a finished game too (a sandbox undo).
 */
export function seatRefusal(state: GameState, seat: number | null, overIsOpen = false): RuleViolation | null {
  if (state.status === 'new') return new RuleViolation('game.not-found', 'There is no such game');
  // [D] a finished game is a record: fork it to play on from an earlier point.
  if (state.status !== 'active' && !overIsOpen) return new RuleViolation('game.over', `The scenario is over (${state.status})`);
  if (seat === null || !state.seats.some((s) => s.seat === seat)) return new RuleViolation('seat.unknown', 'Not a seat of this game');
  return null;
}

/**
 * Throws seatRefusal's refusal, if any. It takes whatever carries the seat (a Decision, a
 * DecideContext) so that the caller's type learns the seat is known: a Decision becomes a
 * PlayDecision.
 */
export function ensureSeatMayAct<A extends { readonly seat: number | null }>(
  state: GameState,
  actor: A,
  overIsOpen = false,
): asserts actor is A & { readonly seat: number } {
  const refusal = seatRefusal(state, actor.seat, overIsOpen);
  if (refusal) throw refusal;
}

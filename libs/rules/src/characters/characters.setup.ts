import type { Decision } from '../decision';
import { drawUpToHandSize } from './cards';

/** [S] each character starts with a hand drawn up to its hand size. */
export function dealOpeningHands(decision: Decision): void {
  for (const seat of decision.state.seats) drawUpToHandSize(decision, seat.characterId, 'opening-hand');
}

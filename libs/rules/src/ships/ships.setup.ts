import { drawUpToHandSize } from '../characters/cards';
import type { Decision } from '../decision';
import { stashPlunder } from './plunder';

/** [S] each character starts with a hand drawn up to its hand size. */
export function dealOpeningHands(decision: Decision): void {
  for (const seat of decision.state.seats) drawUpToHandSize(decision, seat.characterId, 'opening-hand');
}

/** [S] "You stash 1 plunder card when you set up a scenario": one per player ship. */
export function stashSetupPlunder(decision: Decision): void {
  for (const ship of Object.values(decision.state.ships)) stashPlunder(decision, ship.shipId, 'setup');
}

// What characters do at the end of a turn (registered in decide.ts).
import type { Decision } from '../decision';
import type { PhaseHooks } from '../phase-hooks';
import { drawUpToHandSize } from './cards';

export const characterHooks: PhaseHooks = {
  /** [S] the active character resets its hand (draws up to its hand size). */
  onTurnEnd(decision: Decision): void {
    const { turn, seats } = decision.reading;
    const seat = turn?.seat ?? decision.seat;
    const active = seats.find((s) => s.seat === seat);
    if (active) drawUpToHandSize(decision, active.characterId, 'reset-hand');
  },
};

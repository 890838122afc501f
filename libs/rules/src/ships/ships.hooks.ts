// Hooks the turn flow calls into the ships/characters rules. OWNED BY issue 4's work.
import type { Decision } from '../decision';

/** [S] end of any turn: each wrecked ship banishes 1 random plunder card; [S] the active character resets its hand. */
export function endOfTurnEffects(_decision: Decision): void {}

/** [D §5] end of round: each enemy On Deck deals 1 structural damage to its ship. */
export function endOfRoundEffects(_decision: Decision): void {}

/** [S] on a win plunder under the ships becomes loot; on a loss it goes back to the box. */
export function scenarioEndEffects(_decision: Decision, _outcome: 'won' | 'lost'): void {}

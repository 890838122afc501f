// What enemies do at the end of a round (registered in decide.ts).
import { dealStructuralDamage } from '../damage/structural-damage';
import type { Decision } from '../decision';
import type { PhaseHooks } from '../phase-hooks';

export const enemyHooks: PhaseHooks = {
  /** [D §5] end of round: each enemy On Deck deals 1 structural damage to its ship (one instance each). */
  onRoundEnd(decision: Decision): void {
    for (const ship of Object.values(decision.state.ships)) {
      for (const enemy of [...ship.enemiesOnDeck]) dealStructuralDamage(decision, ship.shipId, 1, `enemy:${enemy.kind}`);
    }
  },
};

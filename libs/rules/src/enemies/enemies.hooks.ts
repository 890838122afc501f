// What enemies do at the end of a round (registered in decide.ts).
import { dealStructuralDamage } from '../damage/structural-damage';
import type { Decision } from '../decision';
import { forReading } from '../draft-read';
import type { PhaseHooks } from '../phase-hooks';

export const enemyHooks: PhaseHooks = {
  /** [D §5] end of round: each enemy On Deck deals 1 structural damage to its ship (one instance each). */
  onRoundEnd(decision: Decision): void {
    // Each ship read as it is now (damage dealt may change it); one without enemies On Deck, the
    // usual case, is looked at without making a proxy of it (forReading).
    for (const shipId of Object.keys(forReading(decision.reading.ships))) {
      const ship = forReading(decision.reading.ships)[shipId];
      if (ship === undefined || forReading(ship).enemiesOnDeck.length === 0) continue;
      for (const enemy of [...ship.enemiesOnDeck]) dealStructuralDamage(decision, ship.shipId, 1, `enemy:${enemy.kind}`);
    }
  },
};

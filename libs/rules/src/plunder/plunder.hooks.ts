// What plunder does at the ends of turns and scenarios (registered in decide.ts).
import { defined } from '../invariant';
import { pickIndex } from '../characters/cards';
import type { Decision } from '../decision';
import type { PhaseHooks } from '../phase-hooks';

export const plunderHooks: PhaseHooks = {
  /** [S] "at the end of any turn, if your ship is wrecked, banish 1 random plunder card from under the ship". */
  onTurnEnd(decision: Decision): void {
    // Read through `reading` (no proxy per ship); a banishment changes only its own ship's plunder.
    for (const ship of Object.values(decision.reading.ships)) {
      if (!ship.wrecked || ship.plunder.length === 0) continue;
      const cardId = defined(ship.plunder[pickIndex(decision, ship.plunder.length)], 'a plunder card');
      decision.emit({ type: 'PlunderBanished', data: { shipId: ship.shipId, reason: 'wrecked' }, secret: { visibleTo: [], data: { cardId } } });
    }
  },
  /** [S] on a win plunder under the ships becomes loot; on a loss it goes back to the box. */
  onScenarioEnd(decision: Decision, outcome: 'won' | 'lost'): void {
    const ships = Object.values(decision.state.ships).filter((s) => s.plunder.length > 0);
    if (ships.length === 0) return;
    const count = Object.fromEntries(ships.map((s) => [s.shipId, s.plunder.length]));
    const cards = Object.fromEntries(ships.map((s) => [s.shipId, [...s.plunder]]));
    const type = outcome === 'won' ? 'PlunderBecameLoot' : 'PlunderReturnedToBox';
    decision.emit({ type, data: { count }, secret: { visibleTo: [], data: { cards } } });
  },
};

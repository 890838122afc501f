// Hooks the turn flow calls into the ships and characters rules.
import { drawUpToHandSize, pickIndex } from '../characters/cards';
import type { Decision } from '../decision';
import { dealStructuralDamage } from './structural-damage';

/**
 * Called while the turn is still the active seat's. [S] "at the end of any turn, if your ship is
 * wrecked, banish 1 random plunder card from under the ship"; [S] the active character resets its
 * hand (draws up to its hand size).
 */
export function endOfTurnEffects(decision: Decision): void {
  for (const ship of Object.values(decision.state.ships)) {
    if (!ship.wrecked || ship.plunder.length === 0) continue;
    const cardId = ship.plunder[pickIndex(decision, ship.plunder.length)];
    decision.emit({ type: 'PlunderBanished', data: { shipId: ship.shipId, reason: 'wrecked' }, secret: { visibleTo: [], data: { cardId } } });
  }
  const seat = decision.state.turn?.seat ?? decision.seat;
  const active = decision.state.seats.find((s) => s.seat === seat);
  if (active) drawUpToHandSize(decision, active.characterId, 'reset-hand');
}

/** [D §5] end of round: each enemy On Deck deals 1 structural damage to its ship (one instance each). */
export function endOfRoundEffects(decision: Decision): void {
  for (const ship of Object.values(decision.state.ships)) {
    for (const enemy of [...ship.enemiesOnDeck]) dealStructuralDamage(decision, ship.shipId, 1, `enemy:${enemy.kind}`);
  }
}

/** [S] on a win plunder under the ships becomes loot; on a loss it goes back to the box. */
export function scenarioEndEffects(decision: Decision, outcome: 'won' | 'lost'): void {
  const ships = Object.values(decision.state.ships).filter((s) => s.plunder.length > 0);
  if (ships.length === 0) return;
  const count = Object.fromEntries(ships.map((s) => [s.shipId, s.plunder.length]));
  const cards = Object.fromEntries(ships.map((s) => [s.shipId, [...s.plunder]]));
  const type = outcome === 'won' ? 'PlunderBecameLoot' : 'PlunderReturnedToBox';
  decision.emit({ type, data: { count }, secret: { visibleTo: [], data: { cards } } });
}

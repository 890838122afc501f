// [S] The structural damage pipeline. Other rules call dealStructuralDamage (storm turns, enemy
// spawns with no room On Deck, failed encounters, enemies On Deck at the end of a round).
import { own } from '../own';
import { known } from '../invariant';
import type { Decision } from '../decision';
import type { GameState } from '../state';
import type { DamageModifier } from './damage.events';

/** The damage powers of one ship card, as step-1 modifiers. */
function cardModifiers(state: GameState, cardId: string): DamageModifier[] {
  const powers = known(state.shipCards, cardId).powers;
  const modifiers: DamageModifier[] = [];
  if (powers.increaseStructuralDamage) modifiers.push({ cardId, power: 'increaseStructuralDamage', by: powers.increaseStructuralDamage });
  if (powers.reduceStructuralDamage) modifiers.push({ cardId, power: 'reduceStructuralDamage', by: -powers.reduceStructuralDamage });
  return modifiers;
}

/**
 * [S] step 1: "apply any powers on the ship card or other cards in play that reduce or increase that
 * damage". The damaged ship's own card first, then `inPlay`: other ship cards in play while the
 * damage is dealt ([D] the ship being encountered; enemy ships elsewhere on the board are not).
 */
export function shipDamageModifiers(state: GameState, shipId: string, inPlay: string[] = []): DamageModifier[] {
  // [D] the card's powers count face up or face down: the seed flips it only to mark the wreck.
  return [known(state.ships, shipId).cardId, ...inPlay].flatMap((cardId) => cardModifiers(state, cardId));
}

/** [D] the window is worth opening only when some character holds a card to play or discard. */
export const anyoneCanRespond = (state: GameState): boolean => state.seats.some((s) => (own(state.characters, s.characterId)?.hand.length ?? 0) > 0);

/**
 * Deals `amount` structural damage to a player ship: applies step 1 (its own card and the ship
 * cards `inPlay`), then opens the response window (pending 'structural-damage'; queued behind
 * anything already pending) unless the damage is already 0 ([S] the ship is unaffected) or nobody
 * could respond ([D] it resolves at once).
 */
export function dealStructuralDamage(decision: Decision, shipId: string, amount: number, source: string, inPlay: string[] = []): void {
  const modifiers = shipDamageModifiers(decision.state, shipId, inPlay);
  const after = Math.max(0, amount + modifiers.reduce((sum, m) => sum + m.by, 0));
  decision.emit({ type: 'StructuralDamageDealt', data: { shipId, source, dealt: amount, modifiers, amount: after } });
  settlePending(decision);
}

/**
 * [S] step 4: 0 → unaffected; a ship not yet wrecked is wrecked whatever the amount; an already
 * wrecked ship discards that many cards from the blessings deck.
 */
export function resolveStructuralDamage(decision: Decision): void {
  const pending = decision.state.pending;
  if (pending?.kind !== 'structural-damage') return;
  const ship = known(decision.state.ships, pending.shipId);
  const outcome = pending.amount === 0 ? 'unaffected' : ship.wrecked ? 'blessings-discarded' : 'wrecked';
  decision.emit({
    type: 'StructuralDamageResolved',
    data: { shipId: ship.shipId, dealt: pending.dealt, amount: pending.amount, outcome },
  });
  if (outcome === 'wrecked') decision.emit({ type: 'ShipWrecked', data: { shipId: ship.shipId } });
  if (outcome === 'blessings-discarded') {
    const { deck, discard } = decision.state.blessings;
    // [D] damage.blessings-run-out: discard what there is; the clock then finds the deck empty.
    const count = Math.min(pending.amount, deck);
    decision.emit({
      type: 'BlessingsDiscarded',
      data: { shipId: ship.shipId, requested: pending.amount, count, deck: deck - count, discard: discard + count },
    });
  }
  settlePending(decision);
}

/** Resolves at once a damage window that has opened (or come up from the queue) where nobody can respond. */
export function settlePending(decision: Decision): void {
  const pending = decision.state.pending;
  if (pending?.kind === 'structural-damage' && !anyoneCanRespond(decision.state)) resolveStructuralDamage(decision);
}

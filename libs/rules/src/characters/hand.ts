// Cards in a character's hand. Hands are multisets of card ids (two Cutlasses are two entries),
// so every rule that takes cards from a hand goes through these helpers.
import { ensure } from '../errors';
import type { CharacterState } from '../state';

/** The hand without `cards` (one entry removed per mention), or null if the hand lacks any. */
export function withoutCards(hand: readonly string[], cards: readonly string[]): string[] | null {
  const rest = [...hand];
  for (const card of cards) {
    const index = rest.indexOf(card);
    if (index < 0) return null;
    rest.splice(index, 1);
  }
  return rest;
}

/** [S] cards a character plays or discards must be in its hand. The message names only what the player named. */
export function ensureInHand(character: CharacterState, cards: readonly string[]): void {
  ensure(withoutCards(character.hand, cards) !== null, 'hand.card-not-in-hand', `${character.name} does not hold all of these cards: ${cards.join(', ')}`);
}

/** Applier helper: moves `cards` from the hand to the discard pile. */
export function discardFromHand(character: CharacterState, cards: readonly string[]): void {
  character.hand = withoutCards(character.hand, cards) ?? character.hand;
  character.discard = [...character.discard, ...cards];
}

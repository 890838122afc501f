// Decisions about a character's cards: drawing and damage.
import { own } from '../own';
import { defined, known } from '../invariant';
import type { Decision } from '../decision';
import type { CardsDrawn } from './characters.events';
import { withoutCards } from './hand';

/** A random index into a list of `length`; no die is rolled when there is nothing to choose. */
export const pickIndex = (decision: Decision, length: number): number => (length <= 1 ? 0 : decision.rng.int(0, length - 1));

/**
 * [S] draw up to hand size from the top of the deck. [D] a deck that runs out simply stops the
 * draw (the blessings deck is this game's only clock). The ids are secret to the drawing seat.
 */
export function drawUpToHandSize(decision: Decision, characterId: string, reason: CardsDrawn['data']['reason']): void {
  const character = known(decision.reading.characters, characterId);
  const count = Math.min(Math.max(0, character.handSize - character.hand.length), character.deck.length);
  if (count === 0) return;
  decision.emit({
    type: 'CardsDrawn',
    data: { characterId, count, reason },
    secret: { visibleTo: character.seat === null ? [] : [character.seat], data: { cards: character.deck.slice(0, count) } },
  });
}

/**
 * [D §8] damage to a character: its best card with reduceCharacterDamage in hand is played against
 * it, then it discards the rest of the damage as random cards from its hand (as many as it holds).
 * [S] such damage never touches a ship.
 */
export function damageCharacter(decision: Decision, characterId: string, amount: number, source: string): void {
  const character = known(decision.state.characters, characterId);
  if (amount <= 0) return;
  const armor = character.hand
    .filter((id) => (own(decision.state.cards, id)?.powers.reduceCharacterDamage ?? 0) > 0)
    .reduce<string | null>((best, id) => {
      const power = (card: string) => known(decision.state.cards, card).powers.reduceCharacterDamage ?? 0;
      return best === null || power(id) > power(best) ? id : best;
    }, null);
  const reducedBy = armor ? Math.min(amount, known(decision.state.cards, armor).powers.reduceCharacterDamage ?? 0) : 0;
  const hand = armor ? defined(withoutCards(character.hand, [armor]), 'the armor card in hand') : [...character.hand];
  const discarded: string[] = [];
  for (let left = amount - reducedBy; left > 0 && hand.length > 0; left--) {
    const [card] = hand.splice(pickIndex(decision, hand.length), 1);
    discarded.push(defined(card, 'a card from the hand'));
  }
  decision.emit({ type: 'CharacterDamaged', data: { characterId, source, dealt: amount, armor, reducedBy, discarded } });
}

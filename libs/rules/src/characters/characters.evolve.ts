import { defined, known } from '../invariant';
import type { Appliers } from '../appliers';
import type { CharacterEvent } from './characters.events';
import { discardFromHand } from './hand';

export const characterAppliers: Appliers<CharacterEvent> = {
  CardsDrawn(state, { data, secret }) {
    const character = known(state.characters, data.characterId);
    const cards = defined(secret, 'the drawn cards').data.cards;
    // Arrays are replaced, never changed in place: the setup applier may share them with events.
    character.deck = character.deck.slice(cards.length);
    character.hand = [...character.hand, ...cards];
  },
  CharacterDamaged(state, { data }) {
    discardFromHand(known(state.characters, data.characterId), [...(data.armor ? [data.armor] : []), ...data.discarded]);
  },
  CharacterEmbarked(state, { data }) {
    const character = known(state.characters, data.characterId);
    character.shipId = data.shipId;
    character.hex = known(state.ships, data.shipId).hex;
  },
  CharacterDisembarked(state, { data }) {
    const character = known(state.characters, data.characterId);
    character.shipId = null;
    character.hex = data.hex;
  },
  FollowShipSet(state, { data }) {
    known(state.characters, data.characterId).followShip = data.follow;
  },
};

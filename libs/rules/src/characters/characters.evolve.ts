import { own } from '../own';
import type { Appliers } from '../evolve';
import type { CharacterEvent } from './characters.events';
import { discardFromHand } from './hand';

export const characterAppliers: Appliers<CharacterEvent> = {
  CardsDrawn(state, { data, secret }) {
    const character = own(state.characters, data.characterId);
    const cards = secret!.data.cards;
    // Arrays are replaced, never changed in place: the setup applier may share them with events.
    character.deck = character.deck.slice(cards.length);
    character.hand = [...character.hand, ...cards];
  },
  CharacterDamaged(state, { data }) {
    const character = own(state.characters, data.characterId);
    discardFromHand(character, [...(data.armor ? [data.armor] : []), ...data.discarded]);
  },
  CharacterEmbarked(state, { data }) {
    const character = own(state.characters, data.characterId);
    character.shipId = data.shipId;
    character.hex = own(state.ships, data.shipId).hex;
  },
  CharacterDisembarked(state, { data }) {
    const character = own(state.characters, data.characterId);
    character.shipId = null;
    character.hex = data.hex;
  },
  FollowShipSet(state, { data }) {
    own(state.characters, data.characterId).followShip = data.follow;
  },
};

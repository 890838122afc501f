import { own } from '../own';
import { defined, known } from '../invariant';
import type { Appliers } from '../appliers';
import type { CardType } from '../scenario';
import type { GameState } from '../state';
import { hexKey } from '../hex';
import type { PlunderEvent } from './plunder.events';
import { closePending, openPending } from '../pending';

// The box is replaced, never changed in place: the setup applier takes it from GameCreated's secret.
const takeFromBox = (state: GameState, cardType: CardType, cardId: string): void => {
  const rest = [...state.box[cardType]];
  const index = rest.indexOf(cardId);
  if (index >= 0) rest.splice(index, 1);
  state.box = { ...state.box, [cardType]: rest };
};

/** [D] banished cards go back to the box, as banishing does in the card game: they may be drawn again. */
const returnToBox = (state: GameState, cardId: string): void => {
  const type = own(state.cards, cardId)?.type;
  if (type) state.box = { ...state.box, [type]: [...state.box[type], cardId] };
};

export const plunderAppliers: Appliers<PlunderEvent> = {
  PlunderRolled(state, { data }) {
    if (data.cardType !== 'choose') return;
    openPending(state, { kind: 'plunder-choice', shipId: data.shipId, characterId: data.characterId, destination: data.destination });
  },
  PlunderTypeChosen(state) {
    closePending(state);
  },
  PlunderStashed(state, { data, secret }) {
    takeFromBox(state, data.cardType, defined(secret, 'the plunder card').data.cardId);
    known(state.ships, data.shipId).plunder.push(defined(secret, 'the plunder card').data.cardId);
  },
  PlunderAddedToHand(state, { data, secret }) {
    takeFromBox(state, data.cardType, defined(secret, 'the plunder card').data.cardId);
    known(state.characters, data.characterId).hand.push(defined(secret, 'the plunder card').data.cardId);
  },
  PlunderUnavailable() {
    // Nothing changes hands; the event records why.
  },
  PlunderBanished(state, { data, secret }) {
    const plunder = known(state.ships, data.shipId).plunder;
    const index = plunder.indexOf(defined(secret, 'the plunder card').data.cardId);
    if (index >= 0) plunder.splice(index, 1);
    returnToBox(state, defined(secret, 'the plunder card').data.cardId);
  },
  PlunderBecameLoot(state, { secret }) {
    for (const [shipId, cards] of Object.entries(defined(secret, 'the plunder card').data.cards)) {
      state.loot.push(...cards);
      known(state.ships, shipId).plunder = [];
    }
  },
  PlunderReturnedToBox(state, { secret }) {
    for (const [shipId, cards] of Object.entries(defined(secret, 'the plunder card').data.cards)) {
      for (const cardId of cards) returnToBox(state, cardId);
      known(state.ships, shipId).plunder = [];
    }
  },
  ShipwreckLooted(state, { data }) {
    state.lootedWrecks.push(hexKey(data.hex));
  },
};

import type { DomainEvent } from '../event';
import type { Hex } from '../hex';
import type { CardType } from '../scenario';

export type PlunderDestination = 'stash' | 'hand';

/** [S] the plunder table roll, made openly; 6 lets the player choose the type. */
export type PlunderRolled = DomainEvent<
  'PlunderRolled',
  {
    roll: number;
    cardType: CardType | 'choose';
    destination: PlunderDestination;
    shipId: string | null;
    characterId: string | null;
    reason: string;
  }
>;
export type PlunderTypeChosen = DomainEvent<
  'PlunderTypeChosen',
  { cardType: CardType; destination: PlunderDestination; shipId: string | null; characterId: string | null }
>;
/** [S] a card drawn unseen from the box and put face down under the ship: its id is nobody's to see. */
export type PlunderStashed = DomainEvent<'PlunderStashed', { shipId: string; cardType: CardType }, { cardId: string }>;
/** [S] a plunder card added to a hand (not a stash): only its holder sees which card. */
export type PlunderAddedToHand = DomainEvent<'PlunderAddedToHand', { characterId: string; cardType: CardType }, { cardId: string }>;
/** [D] the box has no card of the rolled type (or the ship was wrecked meanwhile): nothing is drawn. */
export type PlunderUnavailable = DomainEvent<
  'PlunderUnavailable',
  {
    cardType: CardType;
    destination: PlunderDestination;
    shipId: string | null;
    characterId: string | null;
    reason: 'box-empty' | 'ship-wrecked';
  }
>;
/** [S] end of a turn: a wrecked ship banishes 1 random plunder card (back to the box, unseen). */
export type PlunderBanished = DomainEvent<'PlunderBanished', { shipId: string; reason: 'wrecked' }, { cardId: string }>;
/** [S] a win: plunder under the ships becomes the party's loot. */
export type PlunderBecameLoot = DomainEvent<'PlunderBecameLoot', { count: Record<string, number> }, { cards: Record<string, string[]> }>;
/** [S] a loss: plunder goes back to the box. */
export type PlunderReturnedToBox = DomainEvent<'PlunderReturnedToBox', { count: Record<string, number> }, { cards: Record<string, string[]> }>;
/** [D] a Crew order on a shipwreck hex: each wreck is looted once; it adds a plunder card to a hand. */
export type ShipwreckLooted = DomainEvent<'ShipwreckLooted', { hex: Hex; shipId: string; characterId: string }>;

export type PlunderEvent =
  | PlunderRolled
  | PlunderTypeChosen
  | PlunderStashed
  | PlunderAddedToHand
  | PlunderUnavailable
  | PlunderBanished
  | PlunderBecameLoot
  | PlunderReturnedToBox
  | ShipwreckLooted;

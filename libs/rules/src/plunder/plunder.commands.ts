import type { DomainCommand } from '../event';
import type { CardType } from '../scenario';

/** [S] on a plunder roll of 6 the player chooses the card type. */
export interface ChoosePlunderType extends DomainCommand<'ChoosePlunderType'> {
  cardType: CardType;
}
/** [D] Crew order: loot the shipwreck hex the ship stands on; adds a plunder card to the hand. */
export type LootShipwreck = DomainCommand<'LootShipwreck'>;

export type PlunderCommand = ChoosePlunderType | LootShipwreck;

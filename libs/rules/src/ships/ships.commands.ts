import type { CharacterCommand } from '../characters/characters.commands';
import type { CheckChoice } from '../checks/check';
import type { EnemyCommand } from '../enemies/enemies.commands';
import type { DomainCommand } from '../event';
import type { CardType } from '../scenario';

/** [S] Artillery order: encounter an enemy ship on an adjacent hex; `seize` asks to seize it if defeated. */
export interface EngageShip extends DomainCommand<'EngageShip'>, CheckChoice {
  enemyShipId: string;
  seize?: boolean;
}
/** [S] at the start of the commander's turn, once, before any order: the ship card's repair check. */
export interface AttemptRepair extends DomainCommand<'AttemptRepair'>, CheckChoice {}
/** [S] steps 2–3 of structural damage, from any seat: cards played for their power, cards discarded for 1 each. */
export interface ReduceStructuralDamage extends DomainCommand<'ReduceStructuralDamage'> {
  play?: string[];
  discard?: string[];
}
/** [D] the active seat closes the response window: step 4 applies. */
export type ResolveStructuralDamage = DomainCommand<'ResolveStructuralDamage'>;
/** [S] on a plunder roll of 6 the player chooses the card type. */
export interface ChoosePlunderType extends DomainCommand<'ChoosePlunderType'> {
  cardType: CardType;
}
/** [D] Crew order: loot the shipwreck hex the ship stands on; adds a plunder card to the hand. */
export type LootShipwreck = DomainCommand<'LootShipwreck'>;

export type ShipCommand =
  | EngageShip
  | AttemptRepair
  | ReduceStructuralDamage
  | ResolveStructuralDamage
  | ChoosePlunderType
  | LootShipwreck
  | CharacterCommand
  | EnemyCommand;

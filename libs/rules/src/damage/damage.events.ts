import type { DomainEvent } from '../event';

/** A step-1 adjustment: [S] a power on the ship card (or another card in play). */
export interface DamageModifier {
  cardId: string;
  power: 'reduceStructuralDamage' | 'increaseStructuralDamage';
  by: number;
}

/**
 * [S] structural damage dealt to a player ship, after step 1 (powers on the ship card). `amount`
 * 0 means the ship is unaffected at once; otherwise the response window opens (or waits its turn).
 */
export type StructuralDamageDealt = DomainEvent<
  'StructuralDamageDealt',
  { shipId: string; source: string; dealt: number; modifiers: DamageModifier[]; amount: number }
>;

/** [S] steps 2 and 3: a character played cards that affect structural damage and/or discarded cards. */
export type StructuralDamageReduced = DomainEvent<
  'StructuralDamageReduced',
  {
    shipId: string;
    seat: number;
    characterId: string;
    played: Array<{ cardId: string; by: number }>;
    discarded: string[];
    by: number;
    /** Damage left. */
    amount: number;
  }
>;

/** [S] step 4: the window closes with the damage as reduced. */
export type StructuralDamageResolved = DomainEvent<
  'StructuralDamageResolved',
  { shipId: string; dealt: number; amount: number; outcome: 'unaffected' | 'wrecked' | 'blessings-discarded' }
>;

/** [S] a ship that is not wrecked and is dealt any structural damage is wrecked (flipped face down). */
export type ShipWrecked = DomainEvent<'ShipWrecked', { shipId: string }>;

/**
 * [S] a wrecked ship dealt structural damage discards that many cards from the blessings deck.
 * [D] when the deck holds fewer, it discards what there is (`count`); the clock then runs out.
 */
export type BlessingsDiscarded = DomainEvent<'BlessingsDiscarded', { shipId: string; requested: number; count: number; deck: number; discard: number }>;

export type RepairAttempted = DomainEvent<'RepairAttempted', { seat: number; shipId: string }>;
/** [S] the repair check succeeded: the ship card is face up again. */
export type ShipRepaired = DomainEvent<'ShipRepaired', { shipId: string }>;

export type DamageEvent =
  StructuralDamageDealt | StructuralDamageReduced | StructuralDamageResolved | ShipWrecked | BlessingsDiscarded | RepairAttempted | ShipRepaired;

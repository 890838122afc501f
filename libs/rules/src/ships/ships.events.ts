import type { DomainEvent } from '../event';

/** [S] the commander encounters an enemy ship: the check to defeat follows. */
export type ShipEncountered = DomainEvent<'ShipEncountered', { seat: number | null; characterId: string; shipId: string; enemyShipId: string; cardId: string }>;
/**
 * [S] every check to defeat succeeded. Unless seized, [D] the ship goes back where it came from:
 * off the board, back into the scenario's enemy ship pool.
 */
export type ShipDefeated = DomainEvent<
  'ShipDefeated',
  { enemyShipId: string; cardId: string; shipId: string; characterId: string; outcome: 'returned-to-pool' | 'seized' }
>;
/** [S] a character not commanding a ship banishes any ship it would encounter (to the box: out of the game). */
export type ShipBanished = DomainEvent<'ShipBanished', { enemyShipId: string; cardId: string; characterId: string; reason: 'not-commanding' }>;
/**
 * [S] the seized ship replaces the commander's ship on its hex and facing: the old card is banished,
 * the plunder moves across, anchored carries over, the new card is face up and is not checked off
 * the fleet. The party's ship keeps its shipId (the characters aboard stay aboard).
 */
export type ShipSeized = DomainEvent<
  'ShipSeized',
  {
    shipId: string;
    enemyShipId: string;
    fromCardId: string;
    toCardId: string;
    /** The card whose power allowed the seizure (revealed). */
    powerCardId: string;
    anchored: boolean;
    plunderMoved: number;
    /** [D] enemies On Deck of the old ship are banished with it. */
    enemiesBanished: string[];
    checkedOffFleet: false;
  }
>;

export type EncounterEvent = ShipEncountered | ShipDefeated | ShipBanished | ShipSeized;

/** Every event of the ships rules (encounters, defeat and seizure). */
export type ShipEvent = EncounterEvent;

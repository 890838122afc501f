import type { DomainEvent } from '../event';
import type { Facing, Hex } from '../hex';

export type TurnStarted = DomainEvent<'TurnStarted', { seat: number; round: number; ordersLeft: number }>;
/** [S] the clock: one blessing left the deck for the discard pile (counts after the move). */
export type BlessingAdvanced = DomainEvent<'BlessingAdvanced', { deck: number; discard: number }>;
export type TurnEnded = DomainEvent<'TurnEnded', { seat: number; round: number }>;
export type RoundEnded = DomainEvent<'RoundEnded', { round: number }>;

/** An enemy ship drawn from the scenario's enemy ship pool onto a discovered spawn hex. */
export interface EnemyShipSpawn {
  enemyShipId: string;
  cardId: string;
  hex: Hex;
  facing: Facing;
}
/** [D §10] the clue total crossed an act threshold; the draw from the pool is recorded here. */
export type ActAdvanced = DomainEvent<'ActAdvanced', { from: number; to: number; clues: number; spawned: EnemyShipSpawn[] }>;

export type ScenarioWon = DomainEvent<'ScenarioWon', { clues: number; clueGoal: number; round: number }>;
export type ScenarioLost = DomainEvent<'ScenarioLost', { reason: 'blessings-exhausted'; round: number }>;

/** An Artillery or Crew order given by the active seat: it uses one of the turn's orders. */
export type OrderGiven = DomainEvent<
  'OrderGiven',
  { seat: number; order: 'artillery' | 'crew'; action: 'EngageShip' | 'RepelEnemy' | 'PurgeAltar' | 'LootShipwreck' }
>;

export type TurnEvent = OrderGiven | TurnStarted | BlessingAdvanced | TurnEnded | RoundEnded | ActAdvanced | ScenarioWon | ScenarioLost;

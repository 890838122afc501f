import type { DomainEvent } from '../event';
import type { Hex } from '../hex';
import type { CheckDefinition } from '../scenario';

/** [D §8] an enemy from the scenario's pool (drawn at random) takes a blank node On Deck. */
export type EnemySpawned = DomainEvent<
  'EnemySpawned',
  { shipId: string; enemyId: string; kind: string; name: string; check: CheckDefinition; node: string; reason: string }
>;
/** [D §8] a successful repel banishes the enemy. */
export type EnemyRepelled = DomainEvent<'EnemyRepelled', { shipId: string; enemyId: string; characterId: string }>;
/** [D §8] the altar is purged: its tile spawns no more enemies. */
export type AltarPurged = DomainEvent<'AltarPurged', { hex: Hex; tileId: string; shipId: string; characterId: string }>;

export type EnemyEvent = EnemySpawned | EnemyRepelled | AltarPurged;

import type { CheckChoice } from '../checks/check';
import type { DomainCommand } from '../event';
import type { Hex } from '../hex';

/** [D §8] Crew order: a character aboard attempts an enemy On Deck's check. */
export interface RepelEnemy extends DomainCommand<'RepelEnemy'>, CheckChoice {
  enemyId: string;
}
/** [D §8] Crew order: the commander's ship, adjacent to an altar hex, attempts the altar's check. */
export interface PurgeAltar extends DomainCommand<'PurgeAltar'>, CheckChoice {
  hex: Hex;
}

export type EnemyCommand = RepelEnemy | PurgeAltar;

import type { CheckChoice } from '../checks/check';
import type { DomainCommand } from '../event';

/** [S] Artillery order: encounter an enemy ship on an adjacent hex; `seize` asks to seize it if defeated. */
export interface EngageShip extends DomainCommand<'EngageShip'>, CheckChoice {
  enemyShipId: string;
  seize?: boolean;
}

export type ShipCommand = EngageShip;

import { checkChoices } from '../candidate-choices';
import { CHECK_RULES } from '../checks/attempt-check';
import type { CommandSpecs } from '../command-spec';
import { ORDER_RULES } from '../turn/orders';
import { decideEngageShip } from './encounter';
import type { EngageShip, ShipCommand } from './ships.commands';

export const shipCommands: CommandSpecs<ShipCommand> = {
  EngageShip: {
    actor: 'active-seat',
    decide: decideEngageShip,
    rules: [
      ...ORDER_RULES,
      'encounter.unknown-ship',
      'encounter.no-artillery-crew',
      'encounter.not-adjacent',
      'seize.forbidden',
      'seize.needs-power',
      ...CHECK_RULES,
    ],
    candidates: ({ state, character, wide }) => {
      const out: EngageShip[] = [];
      for (const enemy of Object.values(state.enemyShips)) {
        for (const choice of checkChoices(state.shipCards[enemy.cardId]?.defeat, character, state)) {
          out.push({ type: 'EngageShip', enemyShipId: enemy.enemyShipId, ...choice });
          out.push({ type: 'EngageShip', enemyShipId: enemy.enemyShipId, seize: true, ...choice });
        }
      }
      if (wide) out.push({ type: 'EngageShip', enemyShipId: 'no-such-ship' });
      return out;
    },
  },
};

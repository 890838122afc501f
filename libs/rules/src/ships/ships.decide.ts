import { characterCommands } from '../characters/characters.decide';
import type { CommandSpecs } from '../command-spec';
import { enemyCommands } from '../enemies/enemies.decide';
import { ensure } from '../errors';
import { hexKey } from '../hex';
import { boardHex, characterOfSeat, requireCommandedShip } from '../queries';
import { ensureOrderAvailable } from '../turn/orders';
import { damageCommands } from './damage.decide';
import { decideEngageShip } from './encounter';
import { addPlunderToHand, choosePlunderType, PLUNDER_TYPES } from './plunder';
import type { ShipCommand } from './ships.commands';

export const shipCommands: CommandSpecs<ShipCommand> = {
  EngageShip: { actor: 'active-seat', decide: decideEngageShip },
  ...damageCommands,
  ChoosePlunderType: {
    actor: 'active-seat',
    duringNavigation: true,
    whilePending: ['plunder-choice'],
    decide(decision, { cardType }) {
      ensure(decision.state.pending?.kind === 'plunder-choice', 'plunder.no-choice', 'No plunder roll is waiting for a choice');
      ensure(PLUNDER_TYPES.includes(cardType), 'plunder.invalid-type', `Choose one of ${PLUNDER_TYPES.join(', ')}`);
      choosePlunderType(decision, cardType);
    },
  },
  LootShipwreck: {
    actor: 'active-seat',
    decide(decision) {
      const seat = decision.seat!;
      const character = characterOfSeat(decision.state, seat);
      const ship = requireCommandedShip(decision.state, seat);
      ensureOrderAvailable(decision);
      ensure(boardHex(decision.state, ship.hex)?.terrain === 'shipwreck', 'loot.not-a-shipwreck', `${ship.name} is not on a shipwreck hex`);
      ensure(!decision.state.lootedWrecks.includes(hexKey(ship.hex)), 'loot.already-looted', 'This shipwreck has been looted');
      decision.emit({ type: 'OrderGiven', data: { seat, order: 'crew', action: 'LootShipwreck' } });
      decision.emit({ type: 'ShipwreckLooted', data: { hex: ship.hex, shipId: ship.shipId, characterId: character.characterId } });
      addPlunderToHand(decision, character.characterId, 'shipwreck');
    },
  },
  ...characterCommands,
  ...enemyCommands,
};

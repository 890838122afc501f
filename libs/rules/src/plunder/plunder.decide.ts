import type { CommandSpecs } from '../command-spec';
import { ensure } from '../errors';
import { hexKey } from '../hex';
import { boardHex } from '../queries';
import { ORDER_RULES, beginOrder } from '../turn/orders';
import type { PlunderCommand } from './plunder.commands';
import { addPlunderToHand, choosePlunderType, PLUNDER_TYPES } from './plunder';
import { isPlunderType } from './plunder-types';

export const plunderCommands: CommandSpecs<PlunderCommand> = {
  ChoosePlunderType: {
    actor: 'active-seat',
    duringNavigation: true,
    whilePending: ['plunder-choice'],
    decide(decision, { cardType }) {
      ensure(decision.state.pending?.kind === 'plunder-choice', 'plunder.no-choice', 'No plunder roll is waiting for a choice');
      ensure(isPlunderType(cardType), 'plunder.invalid-type', `Choose one of ${PLUNDER_TYPES.join(', ')}`);
      choosePlunderType(decision, cardType);
    },
    rules: ['plunder.no-choice', 'plunder.invalid-type'],
    candidates: () => PLUNDER_TYPES.map((cardType) => ({ type: 'ChoosePlunderType', cardType })),
  },
  LootShipwreck: {
    actor: 'active-seat',
    decide(decision) {
      const order = beginOrder(decision, 'crew', 'LootShipwreck');
      const { ship, character } = order;
      ensure(boardHex(decision.state, ship.hex)?.terrain === 'shipwreck', 'loot.not-a-shipwreck', `${ship.name} is not on a shipwreck hex`);
      ensure(!decision.state.lootedWrecks.includes(hexKey(ship.hex)), 'loot.already-looted', 'This shipwreck has been looted');
      order.give();
      decision.emit({ type: 'ShipwreckLooted', data: { hex: ship.hex, shipId: ship.shipId, characterId: character.characterId } });
      addPlunderToHand(decision, character.characterId, 'shipwreck');
    },
    rules: [...ORDER_RULES, 'loot.not-a-shipwreck', 'loot.already-looted'],
    candidates: () => [{ type: 'LootShipwreck' }],
  },
};

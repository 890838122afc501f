import { own } from '../own';
import type { Appliers } from '../appliers';
import { takeOrder } from './take-order';
import type { TurnEvent } from './turn.events';

export const turnAppliers: Appliers<TurnEvent> = {
  OrderGiven(state) {
    takeOrder(state);
  },
  TurnStarted(state, { data }) {
    state.round = data.round;
    state.turn = { seat: data.seat, ordersLeft: data.ordersLeft, repairAvailable: true, ordersTaken: 0 };
  },
  BlessingAdvanced(state, { data }) {
    state.blessings = { deck: data.deck, discard: data.discard };
  },
  TurnEnded(state) {
    // The seat stays the one answering whatever the end of the round opens; no order is left.
    // Field by field: a spread of a draft reads every field through its proxy.
    const turn = state.turn;
    if (turn) {
      turn.ordersLeft = 0;
      turn.ended = true;
    }
  },
  RoundEnded() {
    // The round number moves with the next TurnStarted; this marks the boundary in the log.
  },
  ActAdvanced(state, { data }) {
    state.act = data.to;
    for (const spawn of data.spawned) {
      const index = state.enemyShipPool.indexOf(spawn.cardId);
      if (index >= 0) state.enemyShipPool.splice(index, 1);
      state.enemyShips[spawn.enemyShipId] = {
        enemyShipId: spawn.enemyShipId,
        cardId: spawn.cardId,
        name: own(state.shipCards, spawn.cardId)?.name ?? spawn.cardId,
        hex: spawn.hex,
        facing: spawn.facing,
      };
    }
  },
  // The scenario's end also ends any order still open (a plan that wins stops at that step).
  ScenarioWon(state) {
    state.status = 'won';
    state.navigation = null;
  },
  ScenarioLost(state) {
    state.status = 'lost';
    state.navigation = null;
  },
};

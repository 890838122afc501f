import type { Appliers } from '../evolve';
import type { TurnEvent } from './turn.events';

export const turnAppliers: Appliers<TurnEvent> = {
  TurnStarted(state, { data }) {
    state.round = data.round;
    state.turn = { seat: data.seat, ordersLeft: data.ordersLeft, repairAvailable: true, ordersTaken: 0 };
  },
  TurnEnded(state) {
    state.turn = null;
  },
};

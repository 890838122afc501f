import type { Appliers } from '../evolve';
import type { NavigationEvent } from './navigation.events';

export const navigationAppliers: Appliers<NavigationEvent> = {
  NavigationOrderIssued(state, { data }) {
    const ship = state.ships[data.shipId];
    state.navigation = { shipId: data.shipId, pointsLeft: data.points, startHex: ship.hex };
    state.turn!.ordersLeft -= 1;
    state.turn!.ordersTaken += 1;
    state.turn!.repairAvailable = false;
  },
  ShipMoved(state, { data }) {
    state.ships[data.shipId].hex = data.to;
    for (const id of data.carried) state.characters[id].hex = data.to;
    for (const id of data.leftBehind) {
      state.characters[id].shipId = null;
      state.characters[id].hex = data.from;
    }
    state.navigation!.pointsLeft -= data.cost;
  },
  ShipTurned(state, { data }) {
    state.ships[data.shipId].facing = data.to;
    state.navigation!.pointsLeft -= data.cost;
  },
  NavigationOrderCompleted(state) {
    state.navigation = null;
  },
};

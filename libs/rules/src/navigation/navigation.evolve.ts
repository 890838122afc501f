import { own } from '../own';
import { coverTile } from '../board';
import type { Appliers } from '../evolve';
import { takeOrder } from '../turn/orders';
import type { NavigationEvent } from './navigation.events';

export const navigationAppliers: Appliers<NavigationEvent> = {
  NavigationOrderIssued(state, { data }) {
    const ship = own(state.ships, data.shipId);
    state.navigation = { shipId: data.shipId, pointsLeft: data.points, startHex: ship.hex };
    takeOrder(state);
  },
  ShipMoved(state, { data }) {
    own(state.ships, data.shipId).hex = data.to;
    for (const id of data.carried) own(state.characters, id).hex = data.to;
    for (const id of data.leftBehind) {
      own(state.characters, id).shipId = null;
      own(state.characters, id).hex = data.from;
    }
    state.navigation!.pointsLeft -= data.cost;
  },
  ShipTurned(state, { data }) {
    own(state.ships, data.shipId).facing = data.to;
    state.navigation!.pointsLeft -= data.cost;
  },
  TileExplored(state, { data }) {
    const index = state.stack.indexOf(data.tileId);
    if (index >= 0) state.stack.splice(index, 1);
    coverTile(state, data.tile, data.hex, data.rotation);
    state.clues += data.clues;
    state.navigation!.pointsLeft -= data.cost;
  },
  NavigationOrderCompleted(state) {
    state.navigation = null;
  },
};

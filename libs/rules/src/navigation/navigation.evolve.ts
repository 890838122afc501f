import { defined, known } from '../invariant';
import { coverTile } from '../board';
import type { Appliers } from '../appliers';
import { takeOrder } from '../turn/take-order';
import type { NavigationEvent } from './navigation.events';

export const navigationAppliers: Appliers<NavigationEvent> = {
  NavigationOrderIssued(state, { data }) {
    const ship = known(state.ships, data.shipId);
    state.navigation = { shipId: data.shipId, pointsLeft: data.points, startHex: ship.hex };
    takeOrder(state);
  },
  ShipMoved(state, { data }) {
    known(state.ships, data.shipId).hex = data.to;
    for (const id of data.carried) known(state.characters, id).hex = data.to;
    for (const id of data.leftBehind) {
      known(state.characters, id).shipId = null;
      known(state.characters, id).hex = data.from;
    }
    defined(state.navigation, 'the open Navigation order').pointsLeft -= data.cost;
  },
  ShipTurned(state, { data }) {
    known(state.ships, data.shipId).facing = data.to;
    defined(state.navigation, 'the open Navigation order').pointsLeft -= data.cost;
  },
  TileExplored(state, { data }) {
    const index = state.stack.indexOf(data.tileId);
    if (index >= 0) state.stack.splice(index, 1);
    coverTile(state, data.tile, data.hex, data.rotation);
    state.clues += data.clues;
    defined(state.navigation, 'the open Navigation order').pointsLeft -= data.cost;
  },
  NavigationOrderCompleted(state) {
    state.navigation = null;
  },
};

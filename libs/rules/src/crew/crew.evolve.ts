import { defined, known } from '../invariant';
import type { Appliers } from '../appliers';
import { takeOrder } from '../turn/take-order';
import type { CrewEvent } from './crew.events';

// Each of these events is a whole Crew order: it uses one of the turn's orders.
export const crewAppliers: Appliers<CrewEvent> = {
  CrewMoved(state, { data }) {
    const crew = defined(
      known(state.ships, data.shipId).crew.find((c) => c.crewId === data.crewId),
      `crew ${data.crewId}`,
    );
    crew.node = data.to;
    takeOrder(state);
  },
  AnchorDropped(state, { data }) {
    known(state.ships, data.shipId).anchored = true;
    takeOrder(state);
  },
  AnchorWeighed(state, { data }) {
    known(state.ships, data.shipId).anchored = false;
    takeOrder(state);
  },
};

import type { Appliers } from '../appliers';
import { defined } from '../invariant';
import type { ForkEvent } from './fork.events';

export const forkAppliers: Appliers<ForkEvent> = {
  GameForked(state, event) {
    // The fork's board is the source's at the fork point: take a copy of all of it.
    const board = structuredClone(defined(event.secret, "the fork's starting board").data.state);
    for (const key of Object.keys(state)) delete (state as unknown as Record<string, unknown>)[key];
    Object.assign(state, board);
  },
};

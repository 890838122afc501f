import { own } from '../own';
import { discardFromHand } from '../characters/hand';
import type { Appliers } from '../evolve';
import type { CheckEvent } from './check.events';

export const checkAppliers: Appliers<CheckEvent> = {
  CheckAttempted(state, { data }) {
    // [S] boons played on a check are discarded.
    discardFromHand(own(state.characters, data.characterId), data.boons);
  },
};

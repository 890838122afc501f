import { known } from '../invariant';
import { discardFromHand } from '../characters/hand';
import type { Appliers } from '../appliers';
import type { CheckEvent } from './check.events';

export const checkAppliers: Appliers<CheckEvent> = {
  CheckAttempted(state, { data }) {
    // [S] boons played on a check are discarded.
    discardFromHand(known(state.characters, data.characterId), data.boons);
  },
};

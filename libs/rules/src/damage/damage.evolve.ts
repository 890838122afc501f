import { known } from '../invariant';
import { discardFromHand } from '../characters/hand';
import type { Appliers } from '../appliers';
import type { DamageEvent } from './damage.events';
import { closePending, openPending } from '../pending';

export const damageAppliers: Appliers<DamageEvent> = {
  StructuralDamageDealt(state, { data }) {
    if (data.amount === 0) return; // [S] reduced to 0: the ship is unaffected, no window opens.
    openPending(state, { kind: 'structural-damage', shipId: data.shipId, dealt: data.dealt, amount: data.amount, source: data.source });
  },
  StructuralDamageReduced(state, { data }) {
    discardFromHand(known(state.characters, data.characterId), [...data.played.map((p) => p.cardId), ...data.discarded]);
    const pending = state.pending;
    if (pending?.kind !== 'structural-damage') return;
    pending.amount = data.amount;
    if (data.discarded.length > 0) pending.discarding = true;
  },
  StructuralDamageResolved(state) {
    closePending(state);
  },
  ShipWrecked(state, { data }) {
    known(state.ships, data.shipId).wrecked = true;
  },
  BlessingsDiscarded(state, { data }) {
    state.blessings = { deck: data.deck, discard: data.discard };
  },
  RepairAttempted(state) {
    // [S] once per turn, at its start.
    if (state.turn) state.turn.repairAvailable = false;
  },
  ShipRepaired(state, { data }) {
    known(state.ships, data.shipId).wrecked = false;
  },
};

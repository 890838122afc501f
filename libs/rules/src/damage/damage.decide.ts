import { own } from '../own';
import { known } from '../invariant';
import { checkChoices } from '../candidate-choices';
import { CHECK_RULES, attemptCheck, validateCheck } from '../checks/attempt-check';
import type { CommandSpecs } from '../command-spec';
import type { Decision, PlayDecision } from '../decision';
import { ensure } from '../errors';
import { characterOfSeat, requireCommandedShip } from '../queries';
import { ensureInHand } from '../characters/hand';
import type { AttemptRepair, DamageCommand, ReduceStructuralDamage } from './damage.commands';
import { resolveStructuralDamage } from './structural-damage';

const openWindow = (decision: Decision) => {
  const pending = decision.state.pending;
  ensure(pending?.kind === 'structural-damage', 'damage.no-window', 'No structural damage is waiting for responses');
  return pending;
};

/** [S] steps 2 and 3: cards that affect structural damage, then discards for 1 each. */
function decideReduce(decision: PlayDecision, command: ReduceStructuralDamage): void {
  const pending = openWindow(decision);
  const character = characterOfSeat(decision.state, decision.seat);
  const play = command.play ?? [];
  const discard = command.discard ?? [];
  ensure(play.length + discard.length > 0, 'damage.nothing-to-reduce', 'Name cards to play or discard');
  // [S] "then characters may play cards ... finally, any character may discard": plays come first.
  ensure(play.length === 0 || !pending.discarding, 'damage.play-after-discard', 'Cards are played before any are discarded');
  const played = play.map((cardId) => {
    // [S] cards that reduce damage only to characters do not affect structural damage.
    const by = own(decision.state.cards, cardId)?.powers.reduceStructuralDamage ?? 0;
    ensure(by > 0, 'damage.card-cannot-reduce', `${cardId} does not affect structural damage`);
    return { cardId, by };
  });
  ensureInHand(character, [...play, ...discard]);
  const contributions = [...played.map((p) => p.by), ...discard.map(() => 1)];
  const by = contributions.reduce((a, b) => a + b, 0);
  // [D] every card named must help: none may be spent once the damage is already at 0.
  ensure(by - Math.min(...contributions) < pending.amount, 'damage.more-than-needed', `Only ${pending.amount} damage is left to reduce`);
  const amount = Math.max(0, pending.amount - by);
  decision.emit({
    type: 'StructuralDamageReduced',
    data: { shipId: pending.shipId, seat: decision.seat, characterId: character.characterId, played, discarded: discard, by, amount },
  });
  // [S] reduced to 0: the ship is unaffected; nothing is left to respond to.
  if (amount === 0) resolveStructuralDamage(decision);
}

/** [S] when commanding a wrecked ship, at the start of the turn, the ship card's repair check. */
function decideRepair(decision: PlayDecision, command: AttemptRepair): void {
  const seat = decision.seat;
  const ship = requireCommandedShip(decision.state, seat);
  const character = characterOfSeat(decision.state, seat);
  ensure(ship.wrecked, 'repair.not-wrecked', `${ship.name} is not wrecked`);
  ensure(decision.state.turn?.repairAvailable, 'repair.not-now', 'A repair is attempted once, at the start of the turn, before any order');
  const check = known(decision.state.shipCards, ship.cardId).repair;
  validateCheck(decision, character.characterId, check, command);
  decision.emit({ type: 'RepairAttempted', data: { seat, shipId: ship.shipId } });
  const outcome = attemptCheck(decision, character.characterId, 'repair', ship.cardId, check, command);
  if (outcome.success) decision.emit({ type: 'ShipRepaired', data: { shipId: ship.shipId } });
}

export const damageCommands: CommandSpecs<DamageCommand> = {
  // [D] the response window: any seat, also inside the Navigation order whose storm dealt the damage.
  ReduceStructuralDamage: {
    actor: 'any-seat',
    duringNavigation: true,
    whilePending: ['structural-damage'],
    decide: decideReduce,
    rules: [
      'damage.no-window',
      'damage.nothing-to-reduce',
      'damage.play-after-discard',
      'damage.card-cannot-reduce',
      'hand.card-not-in-hand',
      'damage.more-than-needed',
    ],
    candidates: ({ character, wide }) => [
      ...[...new Set(character?.hand ?? [])].flatMap((cardId): ReduceStructuralDamage[] => [
        { type: 'ReduceStructuralDamage', play: [cardId] },
        { type: 'ReduceStructuralDamage', discard: [cardId] },
      ]),
      ...(wide ? [{ type: 'ReduceStructuralDamage' as const, discard: ['no-such-card'] }] : []),
    ],
  },
  ResolveStructuralDamage: {
    actor: 'active-seat',
    duringNavigation: true,
    whilePending: ['structural-damage'],
    decide(decision) {
      openWindow(decision);
      resolveStructuralDamage(decision);
    },
    rules: ['damage.no-window'],
    candidates: () => [{ type: 'ResolveStructuralDamage' }],
  },
  AttemptRepair: {
    actor: 'active-seat',
    decide: decideRepair,
    rules: ['ship.not-commanding', 'repair.not-wrecked', 'repair.not-now', ...CHECK_RULES],
    candidates: ({ state, character, own, wide }) => [
      ...(own ? checkChoices(state.shipCards[own.cardId]?.repair, character, state).map((choice) => ({ type: 'AttemptRepair' as const, ...choice })) : []),
      ...(wide ? [{ type: 'AttemptRepair' as const, option: 7 }] : []),
    ],
  },
};

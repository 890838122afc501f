// [S] Plunder cards: the d6 table, unseen draws from the box, stashing under a ship, adding to a hand.
import { defined, known } from '../invariant';
import { pickIndex } from '../characters/cards';
import type { Decision } from '../decision';
import { rollDie } from '../random';
import type { CardType } from '../scenario';
import type { PlunderDestination } from './plunder.events';
import { settlePending } from '../damage/structural-damage';

import { PLUNDER_TYPES } from './plunder-types';

export { PLUNDER_TYPES };
export const plunderTypeForRoll = (roll: number): CardType | 'choose' => PLUNDER_TYPES[roll - 1] ?? 'choose';

interface Target {
  destination: PlunderDestination;
  shipId: string | null;
  characterId: string | null;
}

function rollPlunder(decision: Decision, target: Target, reason: string): void {
  const roll = rollDie(decision.rng, 6);
  const cardType = plunderTypeForRoll(roll);
  // A 6 opens pending 'plunder-choice' (see the applier); the draw waits for ChoosePlunderType.
  decision.emit({ type: 'PlunderRolled', data: { roll, cardType, ...target, reason } });
  if (cardType !== 'choose') drawPlunder(decision, target, cardType);
}

/**
 * [S] draw 1 random card of the type from the box without looking, then put it face down under the
 * ship or into the hand. [D] an empty box (for that type) gives nothing; [S] nothing is stashed
 * under a ship that was wrecked meanwhile.
 */
export function drawPlunder(decision: Decision, target: Target, cardType: CardType): void {
  const box = decision.state.box[cardType];
  const wrecked = target.destination === 'stash' && known(decision.state.ships, defined(target.shipId, 'the ship stashed under')).wrecked;
  if (box.length === 0 || wrecked) {
    const reason = wrecked ? 'ship-wrecked' : 'box-empty';
    decision.emit({ type: 'PlunderUnavailable', data: { cardType, ...target, reason } });
    return;
  }
  const cardId = defined(box[pickIndex(decision, box.length)], 'a card of the box');
  if (target.destination === 'stash') {
    decision.emit({
      type: 'PlunderStashed',
      data: { shipId: defined(target.shipId, 'the ship stashed under'), cardType },
      secret: { visibleTo: [], data: { cardId } },
    });
  } else {
    const characterId = defined(target.characterId, 'the character drawing');
    const seat = known(decision.state.characters, characterId).seat;
    decision.emit({
      type: 'PlunderAddedToHand',
      data: { characterId, cardType },
      secret: { visibleTo: seat === null ? [] : [seat], data: { cardId } },
    });
  }
}

/** [S] stash a plunder card under a ship; [S] never under a wrecked ship. Returns whether it rolled. */
export function stashPlunder(decision: Decision, shipId: string, reason: string): boolean {
  if (known(decision.state.ships, shipId).wrecked) return false;
  rollPlunder(decision, { destination: 'stash', shipId, characterId: null }, reason);
  return true;
}

/** [S] "add a plunder card to your hand": the same roll and draw, but not a stash (a wreck does not stop it). */
export function addPlunderToHand(decision: Decision, characterId: string, reason: string): void {
  rollPlunder(decision, { destination: 'hand', shipId: null, characterId }, reason);
}

/** ChoosePlunderType: the choice closes the pending roll; the draw follows, then whatever waited behind it. */
export function choosePlunderType(decision: Decision, cardType: CardType): void {
  const pending = decision.state.pending;
  if (pending?.kind !== 'plunder-choice') return;
  const target: Target = { destination: pending.destination, shipId: pending.shipId, characterId: pending.characterId };
  decision.emit({ type: 'PlunderTypeChosen', data: { cardType, ...target } });
  drawPlunder(decision, target, cardType);
  settlePending(decision);
}

/** [S] "You stash 1 plunder card when you set up a scenario": one per player ship. */
export function stashSetupPlunder(decision: Decision): void {
  for (const ship of Object.values(decision.state.ships)) stashPlunder(decision, ship.shipId, 'setup');
}

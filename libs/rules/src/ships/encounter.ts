// [S] Encountering ships: the Artillery order EngageShip, the check to defeat, what follows.
import { own } from '../own';
import { defined, known } from '../invariant';
import { validateCheck, attemptCheck } from '../checks/attempt-check';
import type { CheckChoice } from '../checks/check';
import type { Decision, PlayDecision } from '../decision';
import { ensure } from '../errors';
import { areAdjacent } from '../hex';
import { crewInZone } from '../nodes';
import type { CharacterState, GameState } from '../state';
import { beginOrder } from '../turn/orders';
import { stashPlunder } from '../plunder/plunder';
import type { EngageShip } from './ships.commands';
import { dealStructuralDamage } from '../damage/structural-damage';

/** [S] a card that lets its holder seize a ship it defeats (in hand, so also a boon about to be played). */
export const seizePowerCard = (state: GameState, character: CharacterState): string | undefined =>
  character.hand.find((id) => own(state.cards, id)?.powers.maySeize);

/** The commanding character's ship, or null: [S] on its turn, a character aboard a ship commands it. */
const shipCommandedBy = (state: GameState, character: CharacterState) =>
  character.shipId && state.turn?.seat === character.seat ? own(state.ships, character.shipId) : null;

/**
 * [S] encountering a ship. A character not commanding a ship banishes it instead. Otherwise the
 * commander attempts the check to defeat: success stashes plunder unless its ship is wrecked, and
 * may seize; failure deals (difficulty − result) structural damage to the ship, never the character.
 */
export function encounterShip(decision: Decision, characterId: string, enemyShipId: string, choice: CheckChoice & { seize?: boolean }): void {
  const state = decision.state;
  const character = known(state.characters, characterId);
  const enemy = known(state.enemyShips, enemyShipId);
  const ship = shipCommandedBy(state, character);
  if (!ship) {
    decision.emit({ type: 'ShipBanished', data: { enemyShipId, cardId: enemy.cardId, characterId, reason: 'not-commanding' } });
    return;
  }
  const card = known(state.shipCards, enemy.cardId);
  decision.emit({
    type: 'ShipEncountered',
    data: { seat: character.seat, characterId, shipId: ship.shipId, enemyShipId, cardId: enemy.cardId },
  });
  const powerCardId = choice.seize ? seizePowerCard(state, character) : undefined;
  const outcome = attemptCheck(decision, characterId, 'defeat', enemy.cardId, card.defeat, choice);
  if (!outcome.success) {
    // [S] the difference between the difficulty and the check result; [D] the ship stays on its hex.
    // [S] step 1 reads "the ship card or other cards in play": the encountered ship's card is in play.
    const failed = defined(outcome.failed, 'the failed step');
    dealStructuralDamage(decision, ship.shipId, failed.option.difficulty - failed.total, `defeat:${enemy.cardId}`, [enemy.cardId]);
    return;
  }
  // [S] judged before any seizure: "if ... your ship is not wrecked, stash a plunder card".
  const mayStash = !ship.wrecked;
  const seized = choice.seize === true && powerCardId !== undefined;
  decision.emit({
    type: 'ShipDefeated',
    data: { enemyShipId, cardId: enemy.cardId, shipId: ship.shipId, characterId, outcome: seized ? 'seized' : 'returned-to-pool' },
  });
  if (seized) {
    const old = known(state.ships, ship.shipId);
    decision.emit({
      type: 'ShipSeized',
      data: {
        shipId: ship.shipId,
        enemyShipId,
        fromCardId: old.cardId,
        toCardId: enemy.cardId,
        powerCardId,
        anchored: old.anchored,
        plunderMoved: old.plunder.length,
        enemiesBanished: old.enemiesOnDeck.map((e) => e.enemyId),
        checkedOffFleet: false,
      },
    });
  }
  if (mayStash) stashPlunder(decision, ship.shipId, `defeat:${enemy.cardId}`);
}

/** [S, D] EngageShip: an Artillery order against an enemy ship on an adjacent hex. */
export function decideEngageShip(decision: PlayDecision, command: EngageShip): void {
  const state = decision.state;
  const order = beginOrder(decision, 'artillery', 'EngageShip');
  const { character, ship } = order;
  const enemy = own(state.enemyShips, command.enemyShipId);
  ensure(enemy, 'encounter.unknown-ship', `There is no enemy ship ${command.enemyShipId} on the board`);
  ensure(crewInZone(ship, 'artillery').length > 0, 'encounter.no-artillery-crew', 'An Artillery order needs a crew member on an Artillery Node');
  ensure(areAdjacent(ship.hex, enemy.hex), 'encounter.not-adjacent', `${enemy.name} is not on a hex adjacent to ${ship.name}`);
  if (command.seize) {
    // [S] seize.needs-power and seize.forbidden are checked before anything is rolled.
    ensure(!known(state.shipCards, enemy.cardId).powers.cannotBeSeized, 'seize.forbidden', `${enemy.name} cannot be seized`);
    ensure(seizePowerCard(state, character), 'seize.needs-power', 'Seizing a ship needs a card that allows it, in hand');
  }
  validateCheck(decision, character.characterId, known(state.shipCards, enemy.cardId).defeat, command);
  order.give();
  encounterShip(decision, character.characterId, command.enemyShipId, command);
}

// [N] Move: one hex in the direction the ship faces.
import { defined } from '../invariant';
import { tileHasUnpurgedAltar } from '../board';
import type { PlayDecision } from '../decision';
import { spawnEnemyOnDeck } from '../enemies/enemies.spawn';
import { RuleViolation, ensure } from '../errors';
import { boardHex, characterOfSeat } from '../queries';
import { companyForMove } from '../ships/commanding';
import { openOrder, spend } from './navigation-order';
import { ensureWayOut } from './occupied';
import { checkMove } from './sailing';

export function decideMove(decision: PlayDecision): void {
  const { navigation, ship } = openOrder(decision);
  // [S, D] an anchored ship cannot be moved.
  ensure(!ship.anchored, 'ship.anchored', 'An anchored ship cannot be moved: weigh anchor first');
  const move = checkMove(decision.state, ship.hex, ship.facing);
  if (!move.ok) throw new RuleViolation(move.rule, move.message);
  spend(decision, move.cost);
  ensureWayOut(decision.state, ship, { hex: move.to, facing: ship.facing }, navigation.pointsLeft - move.cost);

  const commander = characterOfSeat(decision.state, decision.seat);
  const company = companyForMove(decision.state, ship.shipId, commander.characterId);
  decision.emit({ type: 'ShipMoved', data: { shipId: ship.shipId, from: ship.hex, to: move.to, cost: move.cost, ...company } });

  // [N] entering any hex of a map tile with an unpurged altar spawns an enemy On Deck — every time.
  const entered = defined(boardHex(decision.state, move.to), 'the hex entered');
  if (tileHasUnpurgedAltar(decision.state, entered.tileId)) {
    spawnEnemyOnDeck(decision, ship.shipId, `altar:${entered.tileId}`);
  }
}

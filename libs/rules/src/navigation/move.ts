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
  // The checks read the state without drafting it (`reading`); only the event writes.
  const state = decision.reading;
  const { navigation, ship } = openOrder(decision);
  // [S, D] an anchored ship cannot be moved.
  ensure(!ship.anchored, 'ship.anchored', 'An anchored ship cannot be moved: weigh anchor first');
  const move = checkMove(state, ship.hex, ship.facing);
  if (!move.ok) throw new RuleViolation(move.rule, move.message);
  spend(decision, move.cost);
  ensureWayOut(state, ship, { hex: move.to, facing: ship.facing }, navigation.pointsLeft - move.cost);

  const commander = characterOfSeat(state, decision.seat);
  const company = companyForMove(state, ship.shipId, commander.characterId);
  // [N] entering any hex of a map tile with an unpurged altar spawns an enemy On Deck — every time.
  // Read before the move is applied: ShipMoved changes neither the hexes nor the purged altars.
  const entered = defined(boardHex(state, move.to), 'the hex entered');
  const altar = tileHasUnpurgedAltar(state, entered.tileId);
  // `from` copied: it may be the (possibly mutable) state's own object, and the event is frozen.
  const from = { q: ship.hex.q, r: ship.hex.r };
  decision.emit({ type: 'ShipMoved', data: { shipId: ship.shipId, from, to: move.to, cost: move.cost, ...company } });

  if (altar) spawnEnemyOnDeck(decision, ship.shipId, `altar:${entered.tileId}`);
}

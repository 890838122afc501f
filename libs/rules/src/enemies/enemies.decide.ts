// [D §8] Crew orders against enemies On Deck and altars.
import { defined } from '../invariant';
import { damageCharacter } from '../characters/cards';
import { checkChoices } from '../candidate-choices';
import { CHECK_RULES, attemptCheck, validateCheck } from '../checks/attempt-check';
import type { CommandSpecs } from '../command-spec';
import { ensure } from '../errors';
import { areAdjacent, hexKey } from '../hex';
import { boardHex } from '../queries';
import { ORDER_RULES, beginOrder } from '../turn/orders';
import type { EnemyCommand } from './enemies.commands';
import { spawnEnemyOnDeck } from './enemies.spawn';

export const enemyCommands: CommandSpecs<EnemyCommand> = {
  RepelEnemy: {
    actor: 'active-seat',
    decide(decision, command) {
      const order = beginOrder(decision, 'crew', 'RepelEnemy');
      const { character, ship } = order;
      const enemy = ship.enemiesOnDeck.find((e) => e.enemyId === command.enemyId);
      ensure(enemy, 'enemy.not-on-deck', `There is no enemy ${command.enemyId} On Deck of ${ship.name}`);
      validateCheck(decision, character.characterId, enemy.check, command);
      order.give();
      const outcome = attemptCheck(decision, character.characterId, 'repel', enemy.kind, enemy.check, command);
      if (outcome.success) {
        decision.emit({ type: 'EnemyRepelled', data: { shipId: ship.shipId, enemyId: enemy.enemyId, characterId: character.characterId } });
      } else {
        // [D §8] failure deals the difference as damage to the character.
        const failed = defined(outcome.failed, 'the failed step');
        damageCharacter(decision, character.characterId, failed.option.difficulty - failed.total, `enemy:${enemy.kind}`);
      }
    },
    rules: [...ORDER_RULES, 'enemy.not-on-deck', ...CHECK_RULES],
    candidates: ({ state, character, ships, wide }) => [
      ...ships.flatMap((ship) =>
        ship.enemiesOnDeck.flatMap((enemy) =>
          checkChoices(enemy.check, character, state).map((choice) => ({ type: 'RepelEnemy' as const, enemyId: enemy.enemyId, ...choice })),
        ),
      ),
      ...(wide ? [{ type: 'RepelEnemy' as const, enemyId: 'no-such-enemy' }] : []),
    ],
  },
  PurgeAltar: {
    actor: 'active-seat',
    decide(decision, command) {
      const order = beginOrder(decision, 'crew', 'PurgeAltar');
      const { character, ship } = order;
      const altar = command.hex ? boardHex(decision.state, command.hex) : undefined;
      ensure(altar?.terrain === 'altar', 'altar.not-an-altar', 'That hex is not an altar on the board');
      ensure(!decision.state.purgedAltars.includes(hexKey(altar)), 'altar.already-purged', 'That altar is already purged');
      ensure(areAdjacent(ship.hex, altar), 'altar.not-adjacent', `${ship.name} is not adjacent to that altar`);
      const check = altar.altarCheck ?? decision.state.altarCheck;
      validateCheck(decision, character.characterId, check, command);
      order.give();
      const hex = { q: altar.q, r: altar.r };
      const outcome = attemptCheck(decision, character.characterId, 'purge', hexKey(hex), check, command);
      if (outcome.success) {
        decision.emit({
          type: 'AltarPurged',
          data: { hex, tileId: altar.tileId, shipId: ship.shipId, characterId: character.characterId },
        });
      } else {
        spawnEnemyOnDeck(decision, ship.shipId, 'altar-purge-failed');
      }
    },
    rules: [...ORDER_RULES, 'altar.not-an-altar', 'altar.already-purged', 'altar.not-adjacent', ...CHECK_RULES],
    candidates: ({ state, character, wide }) => [
      ...Object.values(state.hexes)
        .filter((hex) => hex.terrain === 'altar')
        .flatMap((hex) =>
          checkChoices(hex.altarCheck ?? state.altarCheck, character, state).map((choice) => ({
            type: 'PurgeAltar' as const,
            hex: { q: hex.q, r: hex.r },
            ...choice,
          })),
        ),
      ...(wide ? [{ type: 'PurgeAltar' as const, hex: { q: 99, r: 99 } }] : []),
    ],
  },
};

// [D §8] Crew orders against enemies On Deck and altars.
import { defined } from '../invariant';
import { damageCharacter } from '../characters/cards';
import { attemptCheck, validateCheck } from '../checks/attempt-check';
import type { CommandSpecs } from '../command-spec';
import { ensure } from '../errors';
import { areAdjacent, hexKey } from '../hex';
import { boardHex } from '../queries';
import { beginOrder } from '../turn/orders';
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
  },
};

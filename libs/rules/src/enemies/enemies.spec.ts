import { Decision } from '../decision';
import { scriptedRng } from '../random';
import type { ScenarioDefinition } from '../scenario';
import { arrangedGame, enemyOnDeck, eventsOfType, play, stateOf } from '../ships/testing/ship-kit';
import { given } from '../testing/decider-spec';
import { spawnEnemyOnDeck } from './enemies.spawn';

const spawn = (events = arrangedGame(), rolls: number[] = [1]) => {
  const decision = new Decision(stateOf(events), null, scriptedRng(rolls));
  spawnEnemyOnDeck(decision, 'gull', 'test');
  return decision;
};
// The harbour's (1,-1), north-east of the Gull, made an altar.
const withAltar = (s: ScenarioDefinition) => (s.tiles[0].hexes.find((h) => h.q === 1 && h.r === -1)!.terrain = 'altar');
const purge = { type: 'PurgeAltar', hex: { q: 1, r: -1 } } as const;

describe('enemies On Deck', () => {
  describe('[enemy.spawn] a spawned enemy', () => {
    it("is drawn at random from the scenario's pool and takes the first free blank node", () => {
      const decision = spawn();
      expect(decision.events).toEqual([
        {
          type: 'EnemySpawned',
          data: expect.objectContaining({ shipId: 'gull', enemyId: 'enemy-1', kind: 'sea-wraith', node: 'blank-1', reason: 'test' }),
        },
      ]);
      expect(decision.state.ships.gull.enemiesOnDeck.map((e) => e.node)).toEqual(['blank-1']);
    });

    it('skips blank nodes taken by an enemy or a crew member', () => {
      expect(spawn([...arrangedGame(), enemyOnDeck('blank-1')], [0]).state.ships.gull.enemiesOnDeck.map((e) => e.node)).toEqual(['blank-1', 'blank-2']);
    });

    it('[enemy.spawn-no-room] deals 1 structural damage instead when no blank node is free', () => {
      const full = [...arrangedGame(), enemyOnDeck('blank-1', 'enemy-1'), enemyOnDeck('blank-2', 'enemy-2')];
      const decision = spawn(full, []);
      expect(eventsOfType(decision.events, 'EnemySpawned')).toHaveLength(0);
      expect(eventsOfType(decision.events, 'StructuralDamageDealt')[0].data).toMatchObject({ dealt: 1, source: 'enemy-spawn:test' });
    });
  });

  describe('[enemy.repel] RepelEnemy, a Crew order', () => {
    // The Drowned Sailor: Strength/Melee 6. Ysolde rolls d6 + 2.
    const boarded = () => [...arrangedGame(), enemyOnDeck('blank-1', 'enemy-1')];
    const repel = { type: 'RepelEnemy', enemyId: 'enemy-1' } as const;

    it('banishes the enemy on a success', () => {
      given(boarded())
        .when(repel, { rolls: [4] })
        .then((events, after) => {
          expect(events.map((e) => e.type)).toEqual(['OrderGiven', 'CheckAttempted', 'EnemyRepelled']);
          expect(after.ships.gull.enemiesOnDeck).toEqual([]);
          expect(after.turn?.ordersLeft).toBe(2);
        });
    });

    it('[enemy.repel-damage] deals the difference to the character on a failure, discarding at random', () => {
      given(boarded())
        .when(repel, { rolls: [1, 0, 0, 0] })
        .then((events, after) => {
          expect(eventsOfType(events, 'CharacterDamaged')[0].data).toEqual({
            characterId: 'ysolde',
            source: 'enemy:drowned-sailor',
            dealt: 3,
            armor: null,
            reducedBy: 0,
            discarded: ['cutlass', 'boarding-axe', 'hull-plates'],
          });
          expect(after.characters.ysolde.hand).toEqual(['spyglass', 'first-mate']);
          expect(after.ships.gull.wrecked).toBe(false);
        });
    });

    it('[enemy.repel-damage] a card that reduces damage to characters is played against it first', () => {
      // Tamsin (Strength d4, no Melee) plays seat 1 here and holds Leather Armor (reduceCharacterDamage 2).
      const tamsinFirst = arrangedGame({ tweak: (s) => s.characters.splice(0, 2, s.characters[1], s.characters[0]) });
      given([...tamsinFirst, enemyOnDeck('blank-1', 'enemy-1')])
        .when(repel, { rolls: [1, 0, 0, 0] })
        .then((events, after) => {
          // 1 against 6: 5 damage, 2 taken by the armor, 3 random discards.
          expect(eventsOfType(events, 'CharacterDamaged')[0].data).toMatchObject({
            characterId: 'tamsin',
            dealt: 5,
            armor: 'leather-armor',
            reducedBy: 2,
            discarded: ['spark', 'calm-waters', 'grapnel'],
          });
          expect(after.characters.tamsin.hand).toEqual(['ships-cat']);
        });
    });

    it("[enemy.not-on-deck] needs the enemy On Deck of the commander's ship", () => {
      given(arrangedGame()).when(repel).thenRejects('enemy.not-on-deck');
    });
  });

  it('[enemy.end-of-round-damage] each enemy On Deck deals 1 structural damage to its ship at the end of the round', () => {
    given([...arrangedGame(), enemyOnDeck()])
      .when({ type: 'EndTurn' })
      .then((events) => {
        const dealt = eventsOfType(events, 'StructuralDamageDealt');
        expect(dealt.map((e) => e.data)).toEqual([expect.objectContaining({ shipId: 'gull', dealt: 1, source: 'enemy:drowned-sailor' })]);
        expect(events.findIndex((e) => e.type === 'StructuralDamageDealt')).toBeGreaterThan(events.findIndex((e) => e.type === 'TurnEnded'));
      });
  });

  describe('[altar.purge] PurgeAltar, a Crew order', () => {
    // The default altar check: "Wisdom/Divine 7 OR Charisma 9"; Ysolde takes Charisma d10.
    it('purges the altar on a success', () => {
      given(arrangedGame({ tweak: withAltar }))
        .when(purge, { rolls: [9] })
        .then((events, after) => {
          expect(events.map((e) => e.type)).toEqual(['OrderGiven', 'CheckAttempted', 'AltarPurged']);
          expect(eventsOfType(events, 'CheckAttempted')[0].data).toMatchObject({ check: 'purge', subject: '1,-1', skill: 'Charisma' });
          expect(after.purgedAltars).toEqual(['1,-1']);
        });
    });

    it('[altar.purge-failure-spawns] spawns an enemy On Deck on a failure', () => {
      given(arrangedGame({ tweak: withAltar }))
        .when(purge, { rolls: [2, 0] })
        .then((events, after) => {
          expect(eventsOfType(events, 'EnemySpawned')[0].data).toMatchObject({ kind: 'drowned-sailor', reason: 'altar-purge-failed' });
          expect(after.purgedAltars).toEqual([]);
        });
    });

    it('[altar.not-adjacent] needs the ship adjacent to the altar', () => {
      const far = (s: ScenarioDefinition) => {
        withAltar(s);
        s.playerShips[0].hex = { q: -1, r: 1 };
      };
      given(arrangedGame({ tweak: far }))
        .when(purge)
        .thenRejects('altar.not-adjacent');
    });

    it('[altar.already-purged] purges an altar once', () => {
      given(play(arrangedGame({ tweak: withAltar }), purge, { rolls: [9] }))
        .when(purge)
        .thenRejects('altar.already-purged');
    });

    it('[altar.not-an-altar] needs an altar hex', () => {
      given(arrangedGame()).when(purge).thenRejects('altar.not-an-altar');
    });
  });
});

import { Decision } from '../decision';
import { given } from '../testing/decider-spec';
import { scriptedRng } from '../random';
import { encounterShip } from './encounter';
import { arrangedGame, eventsOfType, play, stateOf, wreck } from './testing/ship-kit';

// Ysolde commands the Gull at (0,0); the Red Lantern (lantern-1) waits at (0,1): "Strength/Melee 7
// OR Dexterity/Ranged 7". Ysolde rolls Melee: d6 + 2. Rook mans the Artillery Node.
const engage = { type: 'EngageShip', enemyShipId: 'lantern-1' } as const;

describe('encountering ships', () => {
  describe('[encounter.artillery-order] EngageShip is an Artillery order', () => {
    it("uses one of the turn's orders and closes the repair window", () => {
      const after = stateOf(play(arrangedGame(), engage, { rolls: [5, 1, 0] }));
      expect(after.turn).toMatchObject({ ordersLeft: 2, ordersTaken: 1, repairAvailable: false });
    });

    it('needs a crew member on an Artillery Node', () => {
      const events = arrangedGame({ tweak: (s) => (s.playerShips[0].crew = s.playerShips[0].crew.filter((c) => c.crewId !== 'rook')) });
      given(events).when(engage).thenRejects('encounter.no-artillery-crew');
    });

    it('needs the enemy ship on an adjacent hex', () => {
      given(arrangedGame({ tweak: (s) => (s.enemyShips[0].hex = { q: 0, r: 2 }) }))
        .when(engage)
        .thenRejects('encounter.not-adjacent');
    });

    it('needs an enemy ship on the board', () => {
      given(arrangedGame()).when({ type: 'EngageShip', enemyShipId: 'ghost' }).thenRejects('encounter.unknown-ship');
    });

    it('[turn.no-orders-left] needs an order left', () => {
      const events = [...arrangedGame(), { type: 'TurnStarted', data: { seat: 1, round: 1, ordersLeft: 0 } } as const];
      given(events).when(engage).thenRejects('turn.no-orders-left');
    });

    it('[ship.commander] needs the character to command a ship (aboard, on its turn)', () => {
      const events = arrangedGame({ tweak: (s) => Object.assign(s.characters[0], { aboard: null, hex: { q: 0, r: 0 } }) });
      given(events).when(engage).thenRejects('ship.not-commanding');
    });
  });

  describe("[encounter.check-to-defeat] the commander attempts the ship card's check to defeat", () => {
    it('records the check with every die rolled', () => {
      given(arrangedGame())
        .when(engage, { rolls: [5, 1, 0] })
        .then((events) => {
          expect(eventsOfType(events, 'CheckAttempted')[0].data).toMatchObject({
            seat: 1,
            characterId: 'ysolde',
            check: 'defeat',
            subject: 'red-lantern',
            option: { index: 0, skills: ['Strength', 'Melee'], difficulty: 7 },
            skill: 'Melee',
            dice: [{ die: 'd6', roll: 5, source: 'Melee' }],
            bonus: 2,
            total: 7,
            difficulty: 7,
            success: true,
          });
        });
    });
  });

  describe('when the check to defeat succeeds', () => {
    it('[encounter.defeat-stashes-plunder] stashes a plunder card under a ship that is not wrecked', () => {
      given(arrangedGame())
        .when(engage, { rolls: [5, 3, 0] })
        .then((events, after) => {
          expect(events.map((e) => e.type)).toEqual(['OrderGiven', 'ShipEncountered', 'CheckAttempted', 'ShipDefeated', 'PlunderRolled', 'PlunderStashed']);
          expect(after.ships.gull.plunder).toHaveLength(2);
        });
    });

    it("[wreck.no-stash] stashes nothing when the commander's ship is wrecked", () => {
      given([...arrangedGame(), wreck()])
        .when(engage, { rolls: [6] })
        .then((events, after) => {
          expect(eventsOfType(events, 'ShipDefeated')).toHaveLength(1);
          expect(eventsOfType(events, 'PlunderRolled')).toHaveLength(0);
          expect(after.ships.gull.plunder).toHaveLength(1);
        });
    });

    it("[encounter.return-ship] sends the defeated ship off the board, back into the scenario's pool", () => {
      given(arrangedGame())
        .when(engage, { rolls: [5, 1, 0] })
        .then((_, after) => {
          expect(after.enemyShips['lantern-1']).toBeUndefined();
          expect(after.enemyShipPool).toEqual(['red-lantern', 'iron-widow', 'red-lantern']);
        });
    });
  });

  describe('when the check to defeat fails', () => {
    it('[encounter.damage-is-difference] deals difficulty minus result as structural damage to the ship', () => {
      given(arrangedGame())
        .when(engage, { rolls: [2] })
        .then((events) => {
          // 2 + 2 = 4 against 7: 3 damage, before the Gull's own reduction.
          expect(eventsOfType(events, 'StructuralDamageDealt')[0].data).toMatchObject({ shipId: 'gull', dealt: 3, amount: 2, source: 'defeat:red-lantern' });
        });
    });

    it('[encounter.failure-structural-damage] never damages the character: its hand is untouched', () => {
      given(arrangedGame())
        .when(engage, { rolls: [1] })
        .then((events, after) => {
          expect(eventsOfType(events, 'CharacterDamaged')).toHaveLength(0);
          expect(after.characters.ysolde.hand).toHaveLength(5);
          expect(after.pending).toMatchObject({ kind: 'structural-damage', shipId: 'gull', amount: 3 });
        });
    });

    it('[encounter.return-ship] leaves an undefeated ship on its hex', () => {
      given(arrangedGame())
        .when(engage, { rolls: [1] })
        .then((_, after) => {
          expect(after.enemyShips['lantern-1'].hex).toEqual({ q: 0, r: 1 });
        });
    });

    it('takes the damage from the step that failed', () => {
      // Iron Widow: Dexterity/Ranged 8 THEN Strength/Melee 9.
      const events = arrangedGame({ tweak: (s) => (s.enemyShips[0].card = 'iron-widow') });
      given(events)
        .when(engage, { rolls: [8, 4] })
        .then((decided) => {
          expect(eventsOfType(decided, 'CheckAttempted').map((e) => e.data.success)).toEqual([true, false]);
          expect(eventsOfType(decided, 'StructuralDamageDealt')[0].data.dealt).toBe(9 - 6);
        });
    });
  });

  describe('[check.boon-type-repeated] boons on the check to defeat', () => {
    // Iron Widow: Dexterity/Ranged 8 THEN Strength/Melee 9 — two steps, one check.
    const widow = () => arrangedGame({ tweak: (s) => (s.enemyShips[0].card = 'iron-widow') });

    it('refuses a weapon on each step of the same check, before any die is rolled or order spent', () => {
      given(widow())
        .when({ ...engage, boons: [['cutlass'], ['boarding-axe']] }, { rolls: [] })
        .thenRejects('check.boon-type-repeated');
    });

    it('accepts boons of different types on different steps', () => {
      given(widow())
        .when({ ...engage, boons: [['spyglass'], ['cutlass']] }, { rolls: [6, 2, 4, 3, 3, 0] })
        .then((events) => {
          expect(eventsOfType(events, 'CheckAttempted').map((e) => [e.data.boons, e.data.total, e.data.success])).toEqual([
            [['spyglass'], 8, true],
            [['cutlass'], 9, true],
          ]);
        });
    });
  });

  describe("[damage.ship-powers-first] the encountered ship's card is in play", () => {
    it('its increaseStructuralDamage applies in step 1 when the check to defeat it fails, recorded as a modifier', () => {
      // Iron Widow (+1) against the Gull (-1): step 2 fails, 2 + 2 against 9 deals 5.
      const events = arrangedGame({ tweak: (s) => (s.enemyShips[0].card = 'iron-widow') });
      given(events)
        .when(engage, { rolls: [8, 2] })
        .then((decided, after) => {
          expect(eventsOfType(decided, 'StructuralDamageDealt')[0].data).toEqual({
            shipId: 'gull',
            source: 'defeat:iron-widow',
            dealt: 5,
            modifiers: [
              { cardId: 'gull', power: 'reduceStructuralDamage', by: -1 },
              { cardId: 'iron-widow', power: 'increaseStructuralDamage', by: 1 },
            ],
            amount: 5,
          });
          expect(after.pending).toMatchObject({ kind: 'structural-damage', dealt: 5, amount: 5 });
        });
    });

    it('adds to the damage of a ship without powers of its own', () => {
      const events = arrangedGame({
        tweak: (s) => {
          s.enemyShips[0].card = 'iron-widow';
          s.shipCards.find((c) => c.cardId === 'gull')!.powers = {};
        },
      });
      given(events)
        .when(engage, { rolls: [8, 2] })
        .then((_, after) => {
          expect(after.pending).toMatchObject({ kind: 'structural-damage', dealt: 5, amount: 6 });
        });
    });

    it('an enemy ship that is not being encountered adds nothing', () => {
      // The Red Lantern is encountered; an Iron Widow elsewhere on the board is not in play.
      const events = arrangedGame({
        tweak: (s) => s.enemyShips.push({ ...s.enemyShips[0], enemyShipId: 'widow-1', card: 'iron-widow', hex: { q: 3, r: 0 } }),
      });
      given(events)
        .when(engage, { rolls: [2] })
        .then((decided) => {
          expect(eventsOfType(decided, 'StructuralDamageDealt')[0].data).toMatchObject({
            dealt: 3,
            modifiers: [{ cardId: 'gull', power: 'reduceStructuralDamage', by: -1 }],
            amount: 2,
          });
        });
    });
  });

  describe('[encounter.banish-if-not-commanding] a character not commanding a ship', () => {
    it('banishes any ship it would encounter', () => {
      const state = stateOf(arrangedGame({ tweak: (s) => Object.assign(s.characters[0], { aboard: null, hex: { q: 0, r: 0 } }) }));
      const decision = new Decision(state, 1, scriptedRng([]));
      encounterShip(decision, 'ysolde', 'lantern-1', {});
      expect(decision.events).toEqual([
        { type: 'ShipBanished', data: { enemyShipId: 'lantern-1', cardId: 'red-lantern', characterId: 'ysolde', reason: 'not-commanding' } },
      ]);
      expect(decision.state.enemyShips['lantern-1']).toBeUndefined();
      expect(decision.state.enemyShipPool).toEqual(['red-lantern', 'iron-widow']);
    });
  });
});

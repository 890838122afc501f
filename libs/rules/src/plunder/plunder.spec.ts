import { Decision } from '../decision';
import { scriptedRng } from '../random';
import type { ScenarioDefinition } from '../scenario';
import { PHASE_HOOKS } from '../decide';
import { given } from '../testing/decider-spec';
import { winScenario } from '../turn/scenario-end';
import { redactEvent } from '../view';
import { plunderTypeForRoll } from './plunder';
import { arrangedGame, eventsOfType, play, stateOf, wreck } from '../ships/testing/ship-kit';

const engage = { type: 'EngageShip', enemyShipId: 'lantern-1' } as const;
// A defeat roll (5 + Melee 2 = 7 against 7) followed by the plunder roll and the box draw.
const defeatThen = (...plunder: number[]) => ({ rolls: [5, ...plunder] });

describe('plunder', () => {
  it('[plunder.setup-stash] each player ship stashes 1 plunder card at setup', () => {
    const twoShips = (s: ScenarioDefinition) => {
      s.playerShips.push({ shipId: 'kestrel', card: 'gull', hex: { q: 0, r: -1 }, facing: 0, crew: [] });
    };
    const after = stateOf(arrangedGame({ tweak: twoShips, dice: [1, 3] }));
    // Roll 1: a weapon; roll 3: an armor — each the last of its type in the arranged box.
    expect(after.ships.gull.plunder).toEqual(['boarding-axe']);
    expect(after.ships.kestrel.plunder).toEqual(['hull-plates']);
    expect(after.box.weapon).toEqual(['cutlass', 'cutlass']);
  });

  it("[plunder.choose-on-six] a 6 at setup waits for the first seat's choice before anything else", () => {
    const events = arrangedGame({ dice: [6] });
    expect(stateOf(events).pending).toEqual({ kind: 'plunder-choice', shipId: 'gull', characterId: null, destination: 'stash' });
    given(events).when({ type: 'StartNavigation' }).thenRejects('pending.response-required');
    given(events)
      .when({ type: 'ChoosePlunderType', cardType: 'spell' }, { rolls: [2] })
      .then((_, after) => {
        expect(after.ships.gull.plunder).toEqual(['calm-waters']);
        expect(after.pending).toBeNull();
      });
  });

  describe('[plunder.stash-table] stashing rolls 1d6 on the plunder table', () => {
    it('maps 1 weapon, 2 spell, 3 armor, 4 item, 5 ally, 6 choose', () => {
      expect([1, 2, 3, 4, 5, 6].map(plunderTypeForRoll)).toEqual(['weapon', 'spell', 'armor', 'item', 'ally', 'choose']);
    });

    it('draws a random card of the rolled type from the box and puts it under the ship', () => {
      given(arrangedGame())
        .when(engage, defeatThen(2, 1))
        .then((events, after) => {
          expect(eventsOfType(events, 'PlunderRolled')[0].data).toMatchObject({ roll: 2, cardType: 'spell', destination: 'stash' });
          expect(after.ships.gull.plunder).toEqual(['boarding-axe', 'spark']);
          expect(after.box.spell).toEqual(['spark', 'calm-waters']);
        });
    });
  });

  describe('[plunder.hidden] a stashed card is face down', () => {
    it('names its type openly, its identity only in a secret nobody may see', () => {
      const [stashed] = eventsOfType(play(arrangedGame(), engage, defeatThen(4, 0)), 'PlunderStashed').slice(-1);
      expect(stashed.data).toEqual({ shipId: 'gull', cardType: 'item' });
      expect(stashed.secret).toEqual({ visibleTo: [], data: { cardId: 'spyglass' } });
      expect(redactEvent(stashed, 1, 'active')).toEqual({ type: 'PlunderStashed', data: { shipId: 'gull', cardType: 'item' } });
      expect(redactEvent(stashed, 1, 'won').secret).toBeDefined();
    });

    it("[plunder.unusable] cannot be used while under the ship: it is in nobody's hand", () => {
      // Roll 2 at setup: the Calm Waters goes under the Gull; Ysolde cannot play it.
      const events = play(arrangedGame({ dice: [2] }), engage, { rolls: [1] });
      expect(stateOf(events).ships.gull.plunder).toEqual(['calm-waters']);
      given(events)
        .when({ type: 'ReduceStructuralDamage', play: ['calm-waters'] })
        .thenRejects('hand.card-not-in-hand');
    });
  });

  describe('[plunder.choose-on-six] on a 6 the player chooses the type', () => {
    const rolledSix = () => play(arrangedGame(), engage, defeatThen(6));

    it('waits for the choice before drawing', () => {
      const after = stateOf(rolledSix());
      expect(after.pending).toEqual({ kind: 'plunder-choice', shipId: 'gull', characterId: null, destination: 'stash' });
      given(rolledSix()).when({ type: 'EndTurn' }).thenRejects('pending.response-required');
    });

    it('draws a card of the chosen type', () => {
      given(rolledSix())
        .when({ type: 'ChoosePlunderType', cardType: 'ally' }, { rolls: [1] })
        .then((events, after) => {
          expect(events.map((e) => e.type)).toEqual(['PlunderTypeChosen', 'PlunderStashed']);
          expect(after.pending).toBeNull();
          expect(after.ships.gull.plunder).toEqual(['boarding-axe', 'ships-cat']);
        });
    });

    it('[wreck.no-stash] stashes nothing if the ship was wrecked while the choice waited', () => {
      given([...rolledSix(), wreck()])
        .when({ type: 'ChoosePlunderType', cardType: 'ally' })
        .then((events, after) => {
          expect(eventsOfType(events, 'PlunderUnavailable')[0].data).toMatchObject({ cardType: 'ally', reason: 'ship-wrecked' });
          expect(after.ships.gull.plunder).toEqual(['boarding-axe']);
        });
    });

    it('[plunder.invalid-type] offers only the five table types', () => {
      given(rolledSix()).when({ type: 'ChoosePlunderType', cardType: 'blessing' }).thenRejects('plunder.invalid-type');
    });

    it('[plunder.no-choice] is refused when no roll waits', () => {
      given(arrangedGame()).when({ type: 'ChoosePlunderType', cardType: 'ally' }).thenRejects('plunder.no-choice');
    });
  });

  it('[plunder.empty-box] stashes nothing when the box has no card of the type', () => {
    const noArmor = arrangedGame({ tweak: (s) => (s.box = s.box.filter((c) => c !== 'leather-armor' && c !== 'hull-plates')) });
    given(noArmor)
      .when(engage, defeatThen(3))
      .then((events, after) => {
        expect(eventsOfType(events, 'PlunderUnavailable')[0].data).toMatchObject({ cardType: 'armor', reason: 'box-empty' });
        expect(after.ships.gull.plunder).toHaveLength(1);
      });
  });

  describe('[wreck.loses-plunder] at the end of any turn', () => {
    it('[plunder.banish-to-box] a wrecked ship banishes 1 random plunder card, back to the box, unseen', () => {
      const events = [...play(arrangedGame(), engage, defeatThen(2, 1)), wreck()];
      given(events)
        .when({ type: 'EndTurn' }, { rolls: [1] })
        .then((decided, after) => {
          const [banished] = eventsOfType(decided, 'PlunderBanished');
          expect(banished.data).toEqual({ shipId: 'gull', reason: 'wrecked' });
          expect(banished.secret).toEqual({ visibleTo: [], data: { cardId: 'spark' } });
          expect(after.ships.gull.plunder).toEqual(['boarding-axe']);
          expect(after.box.spell).toContain('spark');
        });
    });

    it('a ship that is not wrecked keeps its plunder', () => {
      given(arrangedGame())
        .when({ type: 'EndTurn' })
        .then((decided) => expect(eventsOfType(decided, 'PlunderBanished')).toHaveLength(0));
    });
  });

  describe('[plunder.to-hand] [loot.shipwreck] adding a plunder card to a hand', () => {
    // The Gull anchored over a shipwreck at (0,-1).
    const overWreck = () =>
      arrangedGame({
        tweak: (s) => {
          s.tiles[0].hexes.find((h) => h.q === 0 && h.r === -1)!.terrain = 'shipwreck';
          s.playerShips[0].hex = { q: 0, r: -1 };
        },
      });

    it('rolls and draws the same way; only the holder sees the card; it is not a stash', () => {
      given(overWreck())
        .when({ type: 'LootShipwreck' }, { rolls: [5, 0] })
        .then((events, after) => {
          expect(events.map((e) => e.type)).toEqual(['OrderGiven', 'ShipwreckLooted', 'PlunderRolled', 'PlunderAddedToHand']);
          const [added] = eventsOfType(events, 'PlunderAddedToHand');
          expect(added.secret).toEqual({ visibleTo: [1], data: { cardId: 'first-mate' } });
          expect(after.characters.ysolde.hand).toContain('first-mate');
          expect(after.ships.gull.plunder).toEqual(['boarding-axe']);
        });
    });

    it('works while the ship is wrecked, since it is not a stash', () => {
      given([...overWreck(), wreck()])
        .when({ type: 'LootShipwreck' }, { rolls: [1, 0] })
        .then((_, after) => {
          expect(after.characters.ysolde.hand).toHaveLength(6);
        });
    });

    it('[loot.already-looted] loots each wreck once', () => {
      given(play(overWreck(), { type: 'LootShipwreck' }, { rolls: [1, 0] }))
        .when({ type: 'LootShipwreck' })
        .thenRejects('loot.already-looted');
    });

    it('[loot.not-a-shipwreck] needs the ship on a shipwreck hex', () => {
      given(arrangedGame()).when({ type: 'LootShipwreck' }).thenRejects('loot.not-a-shipwreck');
    });
  });

  describe('at the end of the scenario', () => {
    it("[plunder.loot-on-win] plunder under the ships becomes the party's loot", () => {
      const decision = new Decision(stateOf(play(arrangedGame(), engage, defeatThen(2, 1))), null, scriptedRng([]));
      decision.hooks = PHASE_HOOKS;
      winScenario(decision);
      expect(decision.events.map((e) => e.type)).toEqual(['PlunderBecameLoot', 'ScenarioWon']);
      expect(decision.state.loot).toEqual(['boarding-axe', 'spark']);
      expect(decision.state.ships.gull.plunder).toEqual([]);
    });

    it('[plunder.box-on-loss] plunder goes back to the box', () => {
      // One blessing: the first turn takes it, the second cannot advance the clock.
      const events = arrangedGame({ tweak: (s) => (s.blessings = 1) });
      given(events)
        .when({ type: 'EndTurn' })
        .then((decided, after) => {
          expect(decided.map((e) => e.type)).toContain('PlunderReturnedToBox');
          expect(after.status).toBe('lost');
          expect(after.ships.gull.plunder).toEqual([]);
          expect(after.box.weapon).toEqual(['cutlass', 'cutlass', 'boarding-axe']);
          expect(after.loot).toEqual([]);
        });
    });
  });
});

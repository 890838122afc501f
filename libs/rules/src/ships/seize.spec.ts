import type { ScenarioDefinition } from '../scenario';
import { given } from '../testing/decider-spec';
import { arrangedGame, enemyOnDeck, eventsOfType, play, stateOf, wreck } from './testing/ship-kit';

// Ysolde holds the Boarding Axe (maySeize). The Red Lantern (lantern-1) waits at (0,1).
const seize = { type: 'EngageShip', enemyShipId: 'lantern-1', seize: true } as const;
const withoutSeizeCards = (s: ScenarioDefinition) => (s.characters[0].deck = s.characters[0].deck.filter((c) => c !== 'boarding-axe' && c !== 'grapnel'));

describe('seizing ships', () => {
  it("[seize.needs-power] needs a card that allows seizing, in the commander's hand", () => {
    given(arrangedGame({ tweak: withoutSeizeCards }))
      .when(seize)
      .thenRejects('seize.needs-power');
  });

  it('[seize.forbidden] refuses a ship whose card says it cannot be seized', () => {
    given(arrangedGame({ tweak: (s) => (s.enemyShips[0].card = 'iron-widow') }))
      .when(seize)
      .thenRejects('seize.forbidden');
  });

  it('does not seize a ship the commander failed to defeat', () => {
    given(arrangedGame())
      .when(seize, { rolls: [1] })
      .then((events, after) => {
        expect(eventsOfType(events, 'ShipSeized')).toHaveLength(0);
        expect(after.ships.gull.cardId).toBe('gull');
      });
  });

  describe('when the commander defeats a ship and seizes it', () => {
    const seized = (events = arrangedGame()) => play(events, seize, { rolls: [6, 1, 0] });

    it("[seize.replaces-ship] the seized ship takes the old one's hex and facing; the old card is banished", () => {
      const after = stateOf(seized());
      expect(after.ships.gull).toMatchObject({ cardId: 'red-lantern', name: 'Red Lantern', hex: { q: 0, r: 0 }, facing: 0 });
      expect(after.enemyShips['lantern-1']).toBeUndefined();
      // Neither card goes back to the pool: the seized one is the party's, the old one is banished.
      expect(after.enemyShipPool).toEqual(['red-lantern', 'iron-widow']);
      expect(Object.values(after.ships).map((s) => s.cardId)).toEqual(['red-lantern']);
    });

    it('[seize.plunder-moves] the plunder under the old ship goes under the new one', () => {
      const before = stateOf(arrangedGame()).ships.gull.plunder;
      const after = stateOf(seized());
      // The setup card plus the one stashed for this defeat (stashed before the swap: the Gull was not wrecked).
      expect(after.ships.gull.plunder).toEqual([...before, 'cutlass']);
    });

    it("[seize.anchored-carries-over] an anchored ship's replacement is anchored", () => {
      const anchored = play(arrangedGame(), { type: 'DropAnchor' });
      expect(stateOf(seized(anchored)).ships.gull.anchored).toBe(true);
      expect(stateOf(seized()).ships.gull.anchored).toBe(false);
    });

    it('[seize.face-up] the seized ship is face up, even when the old one was wrecked', () => {
      given([...arrangedGame(), wreck()])
        .when(seize, { rolls: [6] })
        .then((events, after) => {
          expect(after.ships.gull.wrecked).toBe(false);
          // The defeat came while the ship was wrecked: nothing was stashed.
          expect(eventsOfType(events, 'PlunderRolled')).toHaveLength(0);
        });
    });

    it('[seize.not-on-fleet] seizing does not check the ship off the fleet', () => {
      const [event] = eventsOfType(seized(), 'ShipSeized');
      expect(event.data).toMatchObject({ checkedOffFleet: false, powerCardId: 'boarding-axe', fromCardId: 'gull', toCardId: 'red-lantern' });
    });

    it('[seize.power] the seize card may be the boon just played on the check', () => {
      given(arrangedGame())
        .when({ ...seize, boons: ['boarding-axe'] }, { rolls: [3, 5, 1, 0] })
        .then((events, after) => {
          expect(eventsOfType(events, 'ShipSeized')[0].data.powerCardId).toBe('boarding-axe');
          expect(after.characters.ysolde.discard).toEqual(['boarding-axe']);
          expect(after.ships.gull.cardId).toBe('red-lantern');
        });
    });

    it('[seize.deck] crew keep the nodes the new deck has; enemies On Deck go with the old ship', () => {
      // The Red Lantern's deck has one Navigation Node: Marta (navigation-1) keeps hers.
      const after = stateOf(seized([...arrangedGame(), enemyOnDeck()]));
      expect(after.ships.gull.nodes).toEqual(['navigation-1', 'crows-nest', 'artillery-1', 'blank-1', 'blank-2']);
      expect(after.ships.gull.crew.map((c) => c.node)).toEqual(['navigation-1', 'crows-nest', 'artillery-1']);
      expect(after.ships.gull.enemiesOnDeck).toEqual([]);
    });
  });
});

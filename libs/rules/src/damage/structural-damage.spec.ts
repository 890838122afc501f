import { Decision } from '../decision';
import type { GameEvent } from '../events';
import { scriptedRng } from '../random';
import { given } from '../testing/decider-spec';
import { dealStructuralDamage } from './structural-damage';
import { arrangedGame, enemyOnDeck, eventsOfType, play, stateOf, wreck } from '../ships/testing/ship-kit';
import { firstVoyage } from '../testing/fixtures';

/** Damage dealt by some rule (a storm, a spawn, an encounter), as a given. */
const dealt = (events: GameEvent[], amount: number, source = 'test'): GameEvent[] => {
  const decision = new Decision(stateOf(events), null, scriptedRng([]));
  dealStructuralDamage(decision, 'gull', amount, source);
  return [...events, ...decision.events];
};
const twoSeats = () => arrangedGame({ players: 2 });
const resolve = { type: 'ResolveStructuralDamage' } as const;
/** The clock the scenario under test starts with; one card has gone at the first turn's start. */
const BLESSINGS = firstVoyage().blessings;

describe('structural damage', () => {
  describe('[damage.ship-powers-first] step 1: powers on the ship card', () => {
    it('reduce the damage before anyone responds', () => {
      const [event] = eventsOfType(dealt(arrangedGame(), 3), 'StructuralDamageDealt');
      expect(event.data).toEqual({
        shipId: 'gull',
        source: 'test',
        dealt: 3,
        modifiers: [{ cardId: 'gull', power: 'reduceStructuralDamage', by: -1 }],
        amount: 2,
      });
    });

    it('[damage.ship-powers-face-down] apply whether the ship card is face up or face down', () => {
      expect(stateOf(dealt([...arrangedGame(), wreck()], 1)).pending).toBeNull();
    });

    it('increase it too', () => {
      const events = arrangedGame({ tweak: (s) => (s.shipCards[0].powers = { increaseStructuralDamage: 1 }) });
      expect(stateOf(dealt(events, 1)).pending).toMatchObject({ kind: 'structural-damage', dealt: 1, amount: 2 });
    });
  });

  describe('[damage.zero-unaffected] damage reduced to 0', () => {
    it('leaves the ship unaffected, with no window, when step 1 takes it to 0', () => {
      const after = stateOf(dealt(arrangedGame(), 1));
      expect(after.pending).toBeNull();
      expect(after.ships.gull.wrecked).toBe(false);
    });

    it('closes the window with the ship unaffected once responses take it to 0', () => {
      given(dealt(arrangedGame(), 2))
        .when({ type: 'ReduceStructuralDamage', discard: ['spyglass'] })
        .then((events, after) => {
          expect(eventsOfType(events, 'StructuralDamageResolved')[0].data.outcome).toBe('unaffected');
          expect(after.pending).toBeNull();
          expect(after.ships.gull.wrecked).toBe(false);
        });
    });
  });

  describe('[damage.response-window] steps 2 and 3 are a response window', () => {
    const open = () => dealt(twoSeats(), 3);

    it('holds the game: no order may be given until it is resolved', () => {
      given(open()).when({ type: 'EndTurn' }).thenRejects('pending.response-required');
      given(open()).when({ type: 'EngageShip', enemyShipId: 'lantern-1' }).thenRejects('pending.response-required');
    });

    it("lets any seat respond, also on another seat's turn", () => {
      given(open())
        .when({ type: 'ReduceStructuralDamage', discard: ['spark'] }, { seat: 2 })
        .then((_, after) => {
          expect(after.pending).toMatchObject({ amount: 1 });
          expect(after.characters.tamsin.discard).toEqual(['spark']);
        });
    });

    it('is closed by the active seat only', () => {
      given(open()).when(resolve, { seat: 2 }).thenRejects('turn.not-your-turn');
    });

    it('rejects responses when no damage is waiting', () => {
      given(twoSeats())
        .when({ type: 'ReduceStructuralDamage', discard: ['spark'] }, { seat: 2 })
        .thenRejects('damage.no-window');
    });

    it('[damage.auto-resolve] resolves at once when no character holds a card', () => {
      const events = arrangedGame({ tweak: (s) => (s.characters[0].deck = []) });
      expect(stateOf(events).characters.ysolde.hand).toEqual([]);
      const after = stateOf(dealt(events, 2));
      expect(after.pending).toBeNull();
      expect(after.ships.gull.wrecked).toBe(true);
    });
  });

  describe('[damage.play-cards] step 2: cards that affect structural damage', () => {
    it('reduce it by their power', () => {
      given(dealt(twoSeats(), 4))
        .when({ type: 'ReduceStructuralDamage', play: ['calm-waters'] }, { seat: 2 })
        .then((events, after) => {
          expect(eventsOfType(events, 'StructuralDamageReduced')[0].data).toMatchObject({ played: [{ cardId: 'calm-waters', by: 2 }], by: 2, amount: 1 });
          expect(after.characters.tamsin.discard).toEqual(['calm-waters']);
        });
    });

    it('[damage.character-reductions-excluded] a card that reduces damage only to characters cannot be played', () => {
      given(dealt(twoSeats(), 3))
        .when({ type: 'ReduceStructuralDamage', play: ['leather-armor'] }, { seat: 2 })
        .thenRejects('damage.card-cannot-reduce');
    });

    it('[damage.play-after-discard] come before any discard', () => {
      const discarded = play(dealt(twoSeats(), 4), { type: 'ReduceStructuralDamage', discard: ['cutlass'] });
      given(discarded)
        .when({ type: 'ReduceStructuralDamage', play: ['hull-plates'] })
        .thenRejects('damage.play-after-discard');
    });
  });

  describe('[damage.discard-reduces] step 3: discards', () => {
    it('reduce it by 1 for each card discarded, by any character', () => {
      given(dealt(twoSeats(), 4))
        .when({ type: 'ReduceStructuralDamage', discard: ['cutlass', 'first-mate'] })
        .then((_, after) => {
          expect(after.pending).toMatchObject({ dealt: 4, amount: 1 });
          expect(after.characters.ysolde.hand).toEqual(['boarding-axe', 'hull-plates', 'spyglass']);
        });
    });

    it('any card may be discarded, even one that reduces damage only to characters', () => {
      given(dealt(twoSeats(), 3))
        .when({ type: 'ReduceStructuralDamage', discard: ['leather-armor'] }, { seat: 2 })
        .then((_, after) => {
          expect(after.pending).toMatchObject({ amount: 1 });
        });
    });

    it('[damage.more-than-needed] spends no card once the damage is at 0', () => {
      given(dealt(arrangedGame(), 3))
        .when({ type: 'ReduceStructuralDamage', discard: ['cutlass', 'spyglass', 'first-mate'] })
        .thenRejects('damage.more-than-needed');
    });

    it('[hand.card-not-in-hand] discards only cards in the own hand', () => {
      given(dealt(twoSeats(), 3))
        .when({ type: 'ReduceStructuralDamage', discard: ['spark'] }, { seat: 1 })
        .thenRejects('hand.card-not-in-hand');
    });
  });

  describe('step 4', () => {
    it('[damage.wrecks] wrecks a ship that is not wrecked, whatever the amount; no blessing is lost', () => {
      for (const amount of [2, 6]) {
        given(dealt(arrangedGame(), amount))
          .when(resolve)
          .then((events, after) => {
            expect(events.map((e) => e.type)).toEqual(['StructuralDamageResolved', 'ShipWrecked']);
            expect(after.ships.gull.wrecked).toBe(true);
            expect(after.blessings.deck).toBe(BLESSINGS - 1);
          });
      }
    });

    it('[damage.wrecked-burns-blessings] discards that many cards from the blessings deck when the ship is already wrecked', () => {
      given(dealt([...arrangedGame(), wreck()], 4))
        .when(resolve)
        .then((events, after) => {
          expect(eventsOfType(events, 'BlessingsDiscarded')[0].data).toEqual({ shipId: 'gull', requested: 3, count: 3, deck: BLESSINGS - 4, discard: 4 });
          expect(after.blessings).toEqual({ deck: BLESSINGS - 4, discard: 4 });
        });
    });

    it('[damage.blessings-run-out] discards what is left, and the clock then finds the deck empty', () => {
      const events = arrangedGame({ tweak: (s) => (s.blessings = 2) });
      const resolved = play(dealt([...events, wreck()], 4), resolve);
      expect(stateOf(resolved).blessings.deck).toBe(0);
      expect(stateOf(resolved).status).toBe('active');
      given(resolved)
        .when({ type: 'EndTurn' })
        .then((_, after) => expect(after.status).toBe('lost'));
    });

    it('[damage.structural-only-ships] structural damage never touches a character', () => {
      given(dealt(arrangedGame(), 3))
        .when(resolve)
        .then((events, after) => {
          expect(eventsOfType(events, 'CharacterDamaged')).toHaveLength(0);
          expect(after.characters.ysolde.hand).toHaveLength(5);
        });
    });
  });

  describe('[damage.queue] damage dealt while a window is open', () => {
    it('waits its turn, then meets the ship as the first left it', () => {
      // Two enemies On Deck of a Gull without its reducing power: the end of the round deals 1 twice.
      const bare = arrangedGame({ tweak: (s) => (s.shipCards[0].powers = {}) });
      const ended = play([...bare, enemyOnDeck('blank-1', 'enemy-1'), enemyOnDeck('blank-2', 'enemy-2')], { type: 'EndTurn' });
      const first = stateOf(ended);
      expect(first.pending).toMatchObject({ kind: 'structural-damage', amount: 1 });
      expect(first.pendingQueue).toHaveLength(1);
      const wrecked = play(ended, resolve);
      expect(stateOf(wrecked).ships.gull.wrecked).toBe(true);
      expect(stateOf(wrecked).pending).toMatchObject({ kind: 'structural-damage', amount: 1 });
      given(wrecked)
        .when(resolve)
        .then((decided, after) => {
          expect(eventsOfType(decided, 'BlessingsDiscarded')[0].data.count).toBe(1);
          expect(after.pending).toBeNull();
        });
    });
  });

  describe('inside a Navigation order', () => {
    // A storm at (1,-1): the Gull, without its reducing power, starts there and turns.
    const onStorm = () =>
      arrangedGame({
        tweak: (s) => {
          s.shipCards[0].powers = {};
          s.playerShips[0].hex = { q: 1, r: -1 };
        },
      });

    it('[damage.during-navigation] opens the window; responses are allowed and the order goes on afterwards', () => {
      const turned = play(play(onStorm(), { type: 'StartNavigation' }), { type: 'TurnShip', direction: 'cw' });
      expect(stateOf(turned).pending).toMatchObject({ kind: 'structural-damage', source: 'storm', amount: 1 });
      const reduced = play(turned, { type: 'ReduceStructuralDamage', discard: ['spyglass'] });
      expect(stateOf(reduced).navigation).not.toBeNull();
      given(reduced)
        .when({ type: 'EndNavigation' })
        .then((_, after) => expect(after.navigation).toBeNull());
    });
  });
});

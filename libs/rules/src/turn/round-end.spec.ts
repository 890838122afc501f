// [D §5] the end of the round is settled before the next turn's clock: a response window that
// the end-of-round damage opens is answered first, and its cost in blessings counts.
import { arrangedGame, enemyOnDeck, play, stateOf, wreck } from '../ships/testing/ship-kit';
import type { ScenarioDefinition } from '../scenario';
import { given } from '../testing/decider-spec';

/** One blessing left after setup's clock, and a Gull whose card reduces no damage. */
const lastBlessingBareHull = (scenario: ScenarioDefinition) => {
  scenario.blessings = 2;
  scenario.shipCards.find((card) => card.cardId === 'gull')!.powers = {};
};

describe('when the end of the round opens a structural damage window', () => {
  // One seat: its turn is the last of the round. Setup advanced the clock once: 1 blessing left.
  const boarded = () => [...arrangedGame({ tweak: lastBlessingBareHull }), wreck(), enemyOnDeck()];

  it('waits for the window before the round ends and the next turn starts', () => {
    given(boarded())
      .when({ type: 'EndTurn' })
      .then((events, after) => {
        const types = events.map((e) => e.type);
        expect(types).toContain('TurnEnded');
        expect(types).toContain('StructuralDamageDealt');
        expect(types).not.toContain('RoundEnded');
        expect(types).not.toContain('TurnStarted');
        expect(after.pending).toMatchObject({ kind: 'structural-damage', shipId: 'gull' });
        expect(after.blessings.deck).toBe(1);
      });
  });

  it('lets the seat whose turn ended answer it, then ends the round and starts the next turn', () => {
    const waiting = play(boarded(), { type: 'EndTurn' });
    expect(stateOf(waiting).turn).toMatchObject({ seat: 1, ended: true, ordersLeft: 0 });
    given(waiting)
      .when({ type: 'ResolveStructuralDamage' })
      .then((events) => {
        const types = events.map((e) => e.type);
        expect(types.indexOf('RoundEnded')).toBeGreaterThan(types.indexOf('StructuralDamageResolved'));
        expect(types.indexOf('TurnStarted')).toBeGreaterThan(types.indexOf('RoundEnded'));
      });
  });

  it('counts the blessings the damage burns before the clock: the last one lost to damage ends the game', () => {
    // [S] damage to a wrecked ship discards blessings; with the deck then empty the clock loses.
    const waiting = play(boarded(), { type: 'EndTurn' });
    given(waiting)
      .when({ type: 'ResolveStructuralDamage' })
      .then((events, after) => {
        const types = events.map((e) => e.type);
        expect(types.indexOf('BlessingsDiscarded')).toBeLessThan(types.indexOf('TurnStarted'));
        expect(types).not.toContain('BlessingAdvanced');
        expect(types.at(-1)).toBe('ScenarioLost');
        expect(after.status).toBe('lost');
      });
  });

  it('refuses orders while the window is open, even from the seat whose turn ended', () => {
    const waiting = play(boarded(), { type: 'EndTurn' });
    given(waiting).when({ type: 'StartNavigation' }).thenRejects('pending.response-required');
  });
});

// [D §11] standard-mode undo never goes past an action that revealed randomness: that must be
// readable from the log alone. Over long random games, every decision that drew from the Rng
// emitted a revealing event (a `secret` part or a type of REVEALING_EVENT_TYPES).
import fc from 'fast-check';
import { builtInScenario } from '@logbook/content';
import { decide } from '../decide';
import { RuleViolation } from '../errors';
import { applyEvent } from '../evolve';
import { seededRng, type Rng } from '../random';
import { initialState } from '../state';
import { createGameCommand } from '../testing/fixtures';
import { randomCommand } from '../testing/random-play';
import { isRevealingAction, REVEALING_EVENT_TYPES } from './revealing';

describe('revealing actions', () => {
  it('every decision that drew from the Rng emitted a revealing event, in long random games', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom('first-voyage', 'twin-sails'),
        fc.integer({ min: 1, max: 4 }),
        (seed, scenarioId, players) => {
          const chooser = seededRng(seed);
          const dice = seededRng(seed + 1);
          let draws = 0;
          const rng: Rng = { int: (min, max) => (draws++, dice.int(min, max)) };
          const state = initialState();
          // A long clock, whatever the built-in's own: the property is about every kind of decision, so
          // the games must last long enough to meet them all.
          const scenario = { ...builtInScenario(scenarioId)!, blessings: 40 };
          for (const event of decide(state, createGameCommand(scenario, { players }), { seat: null, rng })) applyEvent(state, event);
          for (let i = 0; i < 400 && state.status === 'active'; i++) {
            const command = randomCommand(chooser, state);
            const seat = chooser.int(0, 4) === 0 ? chooser.int(1, players) : (state.turn?.seat ?? 1);
            draws = 0;
            try {
              const events = decide(state, command, { seat, rng });
              if (draws > 0) {
                expect([command.type, isRevealingAction(events)]).toEqual([command.type, true]);
                seen.add(command.type);
              }
              for (const event of events) applyEvent(state, event);
            } catch (error) {
              if (!(error instanceof RuleViolation)) throw error;
            }
          }
        },
      ),
      // Enough games for random play to cross into act 3 with a spawn hex charted (an explore that
      // draws an enemy ship): rare since Twin Sails' harbour squall wrecks random ships early.
      { numRuns: 256, seed: 11 },
    );
    // The games did roll: a property that never met a draw would prove nothing.
    expect([...seen]).toEqual(expect.arrayContaining(['EngageShip', 'ExploreTile', 'ChoosePlunderType']));
  });

  it('counts a tile shown from the hidden stack as revealing, though nothing was rolled', () => {
    expect(REVEALING_EVENT_TYPES.has('TileExplored')).toBe(true);
    expect(isRevealingAction([{ type: 'ShipTurned', data: { shipId: 'gull', from: 0, to: 1, cost: 1 } }])).toBe(false);
  });
});

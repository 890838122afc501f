import { decide, decideAndApply } from './decide';
import { RuleViolation } from './errors';
import { foldEvents } from './evolve';
import { seededRng } from './random';
import type { GameState } from './state';
import { playRandomGame, randomCommand } from './testing/random-play';
import { setupEvents } from './testing/fixtures';

const midGame = (seed: number): GameState => playRandomGame('twin-sails', { seed, commands: 200 }).state;

describe('copy-on-write decisions', () => {
  it('decideAndApply gives the events and the state a fold of them gives', () => {
    const before = foldEvents(setupEvents());
    const { events, state } = decideAndApply(before, { type: 'StartNavigation' }, { seat: 1, rng: seededRng(1) });
    expect(events.map((e) => e.type)).toEqual(['NavigationOrderIssued']);
    expect(state).toEqual(foldEvents(events, before));
  });

  it('shares every part the command did not touch with the state before, and leaves that state as it was', () => {
    const before = foldEvents(setupEvents());
    const copy = structuredClone(before);
    const { state } = decideAndApply(before, { type: 'StartNavigation' }, { seat: 1, rng: seededRng(1) });
    expect(before).toEqual(copy);
    expect(state.navigation).not.toBeNull();
    expect(state.tileLibrary).toBe(before.tileLibrary);
    expect(state.hexes).toBe(before.hexes);
    expect(state.characters).toBe(before.characters);
  });

  it('freezes the states it gives: a state a history keeps cannot change under the states after it', () => {
    const before = foldEvents(setupEvents());
    const { state } = decideAndApply(before, { type: 'StartNavigation' }, { seat: 1, rng: seededRng(1) });
    expect(Object.isFrozen(state)).toBe(true);
    expect(Object.isFrozen(state.ships.gull)).toBe(true);
    expect(() => {
      (state as { round: number }).round = 99;
    }).toThrow(TypeError);
  });

  it('decide alone leaves the state it was given mutable and unchanged', () => {
    const before = foldEvents(setupEvents());
    const copy = structuredClone(before);
    decide(before, { type: 'StartNavigation' }, { seat: 1, rng: seededRng(1) });
    expect(before).toEqual(copy);
    expect(Object.isFrozen(before.ships)).toBe(false);
  });

  it('events hold no drafts and no objects of the state: they stay readable and frozen after the decision', () => {
    for (let seed = 1; seed <= 6; seed++) {
      let state = midGame(seed);
      const chooser = seededRng(seed);
      const dice = seededRng(seed + 100);
      for (let i = 0; i < 150 && state.status === 'active'; i++) {
        const command = randomCommand(chooser, state);
        try {
          const result = decideAndApply(state, command, { seat: state.turn?.seat ?? 1, rng: dice });
          expect(result.state).toEqual(foldEvents(result.events, state));
          // Readable after the draft is spent (a revoked proxy would throw), and frozen.
          for (const event of result.events) {
            expect(JSON.parse(JSON.stringify(event))).toEqual(event);
            expect(Object.isFrozen(event.data)).toBe(true);
          }
          state = result.state;
        } catch (error) {
          if (!(error instanceof RuleViolation)) throw error;
        }
      }
    }
  });
});

import { foldEvents } from '../evolve';
import { playRandomGame } from './random-play';

describe('random play (fuzz)', () => {
  describe.each(['first-voyage', 'twin-sails'])('of %s', (scenario) => {
    it.each([1, 2, 3, 4, 5, 6])('decides or rejects every command with a rule, never crashes (seed %i)', (seed) => {
      const game = playRandomGame(scenario, { seed, players: 1 + (seed % 4), commands: 400 });
      expect(game.accepted).toBeGreaterThan(0);
      // Folding the recorded events alone gives the state decideAndApply returned while deciding them.
      expect(foldEvents(game.events)).toEqual(game.state);
    });
  });
});

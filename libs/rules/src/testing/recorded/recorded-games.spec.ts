// Today's decisions, pinned: whole random games recorded before the decider was reshaped must
// re-decide to exactly the same events, draw for draw, and be refused by the same rules.
import { readFileSync } from 'node:fs';
import { decide } from '../../decide';
import { RuleViolation } from '../../errors';
import { applyEvent } from '../../evolve';
import { scriptedRng, type Rng } from '../../random';
import { initialState } from '../../state';
import { RECORDED_GAMES_FILE, type RecordedGame } from './record-games';

/** Replays recorded draws and counts them, so a decision that draws less is caught too. */
const replaying = (draws: number[]): Rng & { used: number } => {
  const inner = scriptedRng(draws);
  const rng = { used: 0, int: (min: number, max: number) => (rng.used++, inner.int(min, max)) };
  return rng;
};

const games = JSON.parse(readFileSync(RECORDED_GAMES_FILE, 'utf8')) as RecordedGame[];

describe('whole random games recorded with an earlier decider', () => {
  it('holds games of both scenarios with accepted and refused commands', () => {
    expect(new Set(games.map((g) => g.scenarioId))).toEqual(new Set(['first-voyage', 'twin-sails']));
    const steps = games.flatMap((g) => g.steps);
    expect(steps.filter((s) => 'events' in s).length).toBeGreaterThan(500);
    expect(steps.filter((s) => 'refusedBy' in s).length).toBeGreaterThan(500);
  });

  describe.each(games.map((g) => [`${g.scenarioId}, ${g.players} seat(s), seed ${g.seed}`, g] as const))('%s', (_name, game) => {
    it('re-decides every command to the same events, or refuses it by the same rule', () => {
      const state = initialState();
      for (const event of game.setup) applyEvent(state, event);
      game.steps.forEach((step, i) => {
        const at = `step ${i} (${step.command.type} from seat ${step.seat})`;
        const rng = replaying(step.draws);
        if ('refusedBy' in step) {
          let refusal: unknown;
          try {
            decide(state, step.command, { seat: step.seat, rng });
          } catch (error) {
            refusal = error;
          }
          expect([at, refusal instanceof RuleViolation ? refusal.rule : refusal]).toEqual([at, step.refusedBy]);
          return;
        }
        const events = decide(state, step.command, { seat: step.seat, rng });
        expect([at, events, rng.used]).toEqual([at, step.events, step.draws.length]);
        for (const event of events) applyEvent(state, event);
      });
    });
  });
});

// Records whole random games as fixtures: for every command sent, the seat, the command, and
// either the random draws it took and the events it decided, or the rule that refused it.
// The fixtures pin today's decisions: any later change to how `decide` is built (copy-on-write
// working copies, hook tables, history) must re-decide them to exactly the same events.
//
// Written once, before such changes, and committed; regenerating them after a change would
// prove nothing. Run: node -r @swc-node/register libs/rules/src/testing/recorded/record-games.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInScenario } from '@logbook/content';
import type { GameCommand } from '../../commands';
import { decide } from '../../decide';
import { RuleViolation } from '../../errors';
import type { GameEvent } from '../../events';
import { applyEvent } from '../../evolve';
import { seededRng, type Rng } from '../../random';
import { initialState } from '../../state';
import { createGameCommand } from '../fixtures';
import { randomCommand } from '../random-play';

export type RecordedStep =
  { seat: number; command: GameCommand; draws: number[]; events: GameEvent[] } | { seat: number; command: GameCommand; draws: number[]; refusedBy: string };

export interface RecordedGame {
  scenarioId: string;
  players: number;
  seed: number;
  /** The setup events, given as they were decided (setup rules may change on purpose). */
  setup: GameEvent[];
  steps: RecordedStep[];
}

/** A source that remembers every value it hands out. */
const recording = (inner: Rng, draws: number[]): Rng => ({
  int(min, max) {
    const value = inner.int(min, max);
    draws.push(value);
    return value;
  },
});

export function recordGame(scenarioId: string, players: number, seed: number, commands: number): RecordedGame {
  const chooser = seededRng(seed);
  const dice = seededRng(seed * 7919 + 1);
  const setup = decide(initialState(), createGameCommand(builtInScenario(scenarioId)!, { players, gameId: `recorded-${seed}` }), {
    seat: null,
    rng: dice,
  });
  const state = initialState();
  for (const event of setup) applyEvent(state, event);
  const steps: RecordedStep[] = [];
  for (let i = 0; i < commands && state.status === 'active'; i++) {
    const command = randomCommand(chooser, state);
    const seat = chooser.int(0, 4) === 0 ? chooser.int(1, players + 1) : (state.turn?.seat ?? 1);
    // A SetFollowShip that changes nothing is left out: refusing it as a no-op is a planned rule.
    if (command.type === 'SetFollowShip') {
      const mine = Object.values(state.characters).find((c) => state.seats.find((s) => s.seat === seat)?.characterId === c.characterId);
      if (mine && mine.followShip === command.follow) continue;
    }
    const draws: number[] = [];
    try {
      const events = decide(state, command, { seat, rng: recording(dice, draws) });
      for (const event of events) applyEvent(state, event);
      steps.push({ seat, command, draws, events });
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      steps.push({ seat, command, draws, refusedBy: error.rule });
    }
  }
  return { scenarioId, players, seed, setup, steps };
}

export const RECORDED_GAMES_FILE = join(__dirname, 'recorded-games.json');

/** Which games the fixture holds: both scenarios, 1, 2 and 4 seats. */
export const RECORDED_GAME_PLAN = ['first-voyage', 'twin-sails'].flatMap((scenarioId) =>
  [1, 2, 4].flatMap((players) => [1, 2].map((n) => ({ scenarioId, players, seed: 9000 + players * 10 + n }))),
);

if (require.main === module) {
  const games = RECORDED_GAME_PLAN.map(({ scenarioId, players, seed }) => recordGame(scenarioId, players, seed, 400));
  writeFileSync(RECORDED_GAMES_FILE, JSON.stringify(games));
  const steps = games.reduce((n, g) => n + g.steps.length, 0);
  console.log(`recorded ${games.length} games, ${steps} commands`);
}

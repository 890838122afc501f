// The built-in scenarios stay balanced (README "Balance", its targets: idle always loses,
// random wins at most 25%, greedy between 40% and 85%). The 1,000-game table is too slow for a
// test; this is its cheap, deterministic tripwire: a few seeded games per scenario and bot, bounded
// by count. A retune that makes a scenario a walkover (greedy wins every game, as it once did) or
// hopeless (greedy never wins), or lets idle or random play win, fails here.
import { builtInScenario } from '@logbook/content';
import { simulateGame } from './simulate';
import type { BotName } from './bots';

/** The seat count each scenario is balanced for (the README table's). */
const SEATS: Record<string, number> = { 'first-voyage': 1, 'twin-sails': 2 };
const SEED = 2026;

const outcomes = (scenarioId: string, bot: BotName, games: number): string[] =>
  Array.from({ length: games }, (_, index) => {
    const game = simulateGame({ scenario: builtInScenario(scenarioId)!, players: SEATS[scenarioId]!, bot, seed: SEED, index });
    expect(game.finished).toBe(true);
    return game.state.status;
  });

const count = (statuses: string[], status: string) => statuses.filter((s) => s === status).length;

describe.each(Object.keys(SEATS))('the balance of %s (seeded games, by count)', (scenarioId) => {
  it('is lost by a party that only ends its turns (idle: 10 of 10 lost)', () => {
    expect(count(outcomes(scenarioId, 'idle', 10), 'lost')).toBe(10);
  });

  it('is neither a walkover nor hopeless for a party that plays with intent (greedy: 12 games, some won, some lost)', () => {
    const statuses = outcomes(scenarioId, 'greedy', 12);
    expect(count(statuses, 'won')).toBeGreaterThanOrEqual(3);
    expect(count(statuses, 'lost')).toBeGreaterThanOrEqual(2);
  });

  it('is rarely won by random legal orders (random: at most 1 of 4 won)', () => {
    expect(count(outcomes(scenarioId, 'random', 4), 'won')).toBeLessThanOrEqual(1);
  });
});

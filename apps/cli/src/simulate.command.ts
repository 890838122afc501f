// `npm run cli -- simulate --scenario <id> --games N --players K --bot <name> --seed S`: plays whole
// games with bots through the rules and records them in the configured store, as real games
// marked `simulated` (bot and seed in the first event's metadata).
import { builtInScenario, builtInScenarioIds } from '@logbook/content';
import type { EventStore } from '@logbook/event-store';
import { BOT_NAMES, recordSimulatedGame, simulateGame, simulatedGameId, type BotName } from '@logbook/app-core';
import { gameStreamId } from '@logbook/game-log';
import { InvalidArgumentError, Option } from 'commander';
import type { CliCommand } from './cli-command';
import { progress } from './progress';

export interface SimulateArgs {
  scenario: string;
  games: number;
  players: number;
  bot: BotName;
  seed: number;
}

/** A commander parser for a whole number in [min, max]. */
export const wholeNumber =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `It must be a whole number >= ${min}.` : `It must be a whole number from ${min} to ${max}.`,
      );
    }
    return n;
  };

export const simulateCommand: CliCommand = {
  name: 'simulate',
  summary: 'play whole games with bots and record them in the store',
  declare: (command) =>
    command
      .addOption(new Option('--scenario <id>', 'the scenario played').choices(builtInScenarioIds()).default('first-voyage'))
      // Required: every game played is recorded in the store, so how many is never a guess.
      .addOption(new Option('--games <n>', 'how many games to play and record').argParser(wholeNumber(1)).makeOptionMandatory())
      .addOption(new Option('--players <k>', 'seats per game, each played by a bot').argParser(wholeNumber(1, 4)).default(1))
      .addOption(new Option('--bot <name>', 'how the bots choose').choices(BOT_NAMES).default('greedy'))
      .addOption(
        new Option('--seed <s>', 'seed of the games; a rerun with the same seed resumes, skipping games already recorded').argParser(wholeNumber(0)).default(1),
      ),
  run: (context, command) => simulate(context.store(), command.opts<SimulateArgs>()),
};

export async function simulate(store: EventStore, args: SimulateArgs): Promise<number> {
  const scenario = builtInScenario(args.scenario);
  if (!scenario) throw new Error(`unknown scenario ${args.scenario}`);
  const bar = progress(`simulate ${args.scenario} (${args.bot}, ${args.players} seat(s))`, args.games, 'games');
  const started = performance.now();
  let orders = 0;
  let played = 0;
  let won = 0;
  let recorded = 0;
  let unfinished = 0;
  for (let index = 0; index < args.games; index++) {
    const options = { scenario, players: args.players, bot: args.bot, seed: args.seed, index };
    // A rerun of the same seed resumes: games already recorded are not played again.
    const existing = await store.readStream(gameStreamId(simulatedGameId(options)), { maxCount: 1 });
    if (existing.status === 'ok' && existing.events.length > 0) {
      bar.update(index + 1, { rate: 'already recorded' });
      continue;
    }
    const game = simulateGame(options);
    const marker = { simulated: true as const, bot: args.bot, seed: args.seed, index, gameSeed: game.gameSeed };
    if (await recordSimulatedGame(store, game, marker)) recorded += 1;
    played += 1;
    orders += game.actions.length - 1;
    if (game.state.status === 'won') won += 1;
    if (!game.finished) unfinished += 1;
    const seconds = (performance.now() - started) / 1000;
    bar.update(index + 1, { rate: `${Math.round(orders / seconds)} orders/s` });
  }
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `simulated ${played} games of ${args.scenario} (${args.bot} bot, ${args.players} seat(s), seed ${args.seed}) in ${seconds.toFixed(1)} s: ` +
      `won ${won} (${((won / Math.max(played, 1)) * 100).toFixed(1)}%), ${unfinished} unfinished, ${orders} orders (${Math.round(orders / seconds)}/s), ` +
      `${recorded} recorded${played < args.games ? `, ${args.games - played} already in the store (same seed)` : ''}`,
  );
  return 0;
}

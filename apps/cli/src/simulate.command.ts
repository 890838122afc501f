// `npm run cli -- simulate --scenario <id> --games N --players K --bot <name> --seed S`: plays whole
// games with bots through the rules and records them in the configured store, as real games
// marked `simulated` (bot and seed in the first event's metadata).
import { builtInScenario, builtInScenarioIds } from '@logbook/content';
import type { EventStore } from '@logbook/event-store';
import { BOT_NAMES, isBotName, recordSimulatedGame, simulateGame, simulatedGameId, type BotName } from '@logbook/app-core';
import { gameStreamId } from '@logbook/game-log';
import { progress } from './progress';

export interface SimulateArgs {
  scenario: string;
  games: number;
  players: number;
  bot: BotName;
  seed: number;
}

export function parseSimulateArgs(flags: Map<string, string>): SimulateArgs | string {
  const scenario = flags.get('scenario') ?? 'first-voyage';
  if (!builtInScenario(scenario)) return `--scenario must be one of ${builtInScenarioIds().join(', ')}`;
  const bot = flags.get('bot') ?? 'greedy';
  if (!isBotName(bot)) return `--bot must be one of ${BOT_NAMES.join(', ')}`;
  const games = Number(flags.get('games') ?? 10);
  const players = Number(flags.get('players') ?? 1);
  const seed = Number(flags.get('seed') ?? 1);
  if (!Number.isInteger(games) || games < 1) return '--games must be a whole number >= 1';
  if (!Number.isInteger(players) || players < 1 || players > 4) return '--players must be 1..4';
  if (!Number.isInteger(seed) || seed < 0) return '--seed must be a whole number >= 0';
  return { scenario, bot, games, players, seed };
}

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

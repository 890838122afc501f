// Deciding an import's log again (POST /games/import): in one piece, as it once ran, against
// in slices with the event loop served between them. The game: a simulated one on a long
// blessings deck (the game's clock), recorded as the server records games.
import { builtInScenario } from '@logbook/content';
import { InMemoryEventStore } from '@logbook/event-store';
import { recordSimulatedGame, simulateGame } from '@logbook/app-core';
import { gameStreamId, redecide, redecideYielding } from '@logbook/game-log';
import { measureStall, ms } from './stall';

export async function benchRedecide(): Promise<void> {
  const scenario = { ...builtInScenario('first-voyage')!, blessings: 600, clueGoal: 100_000 };
  const game = simulateGame({ scenario, players: 2, bot: 'random', seed: 1, index: 0 });
  const store = new InMemoryEventStore();
  await recordSimulatedGame(store, game, { simulated: true, bot: 'random', seed: 1, index: 0, gameSeed: game.gameSeed });
  const read = await store.readStream(gameStreamId(game.gameId));
  await store.close();
  if (read.status !== 'ok') return;
  const events = read.events;
  console.log(`\nRe-decision of an import of ${events.length.toLocaleString('en-US')} events: the longest the event loop went without a turn`);
  redecide(events); // warm (JIT)
  const whole = await measureStall(() => redecide(events));
  console.log(`  in one piece: ${ms(whole.ms)}, loop stalled ${ms(whole.longestStallMs)}`);
  const sliced = await measureStall(() => redecideYielding(events));
  console.log(`  in slices (redecideYielding): ${ms(sliced.ms)}, loop stalled ${ms(sliced.longestStallMs)}`);
}

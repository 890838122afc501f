// The read models (game-states, analytics) following a 12,000-event game with undos and redos,
// as after an import: the whole game's time, and the slowest single undo or redo.
import { performance } from 'node:perf_hooks';
import { AnalyticsProjection, GameStatesProjection, InMemoryAnalyticsStore, InMemoryGameStateStore } from '@logbook/projections';
import { playActions, toRecordedOf } from '@logbook/projections/history/testing/played-game';

export async function benchReadModelsUndo(events = 12_000): Promise<void> {
  const log = toRecordedOf('long', playActions({ seed: 5, players: 2, events, blessings: 3000, undo: 0.08, redo: 0.04, gameId: 'long' }));
  const history = log.filter((e) => e.type === 'ActionUndone' || e.type === 'ActionRedone').length;
  const readLog = async (_: string, toRevision: number) => log.slice(0, toRevision + 1);
  console.log(`\nRead models following a game of ${log.length.toLocaleString('en-US')} events with ${history} undos and redos (in memory)`);
  for (const projection of [new GameStatesProjection(new InMemoryGameStateStore(), readLog), new AnalyticsProjection(new InMemoryAnalyticsStore(), readLog)]) {
    let slowest = 0;
    const started = performance.now();
    for (const event of log) {
      const at = performance.now();
      await projection.handle(event);
      if (event.type === 'ActionUndone' || event.type === 'ActionRedone') slowest = Math.max(slowest, performance.now() - at);
    }
    console.log(
      `  ${projection.name}: ${Math.round(performance.now() - started).toLocaleString('en-US')} ms in all, slowest undo/redo ${slowest.toFixed(1)} ms`,
    );
  }
}

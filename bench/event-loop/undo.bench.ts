// An undo on a long game, through the rules' history as the command path decides it: 300
// undos in a row on a sandbox game (any number of actions may be taken back).
import { performance } from 'node:perf_hooks';
import { GameHistory, decideWithHistory, seededRng } from '@logbook/rules';
import { playActions } from '@logbook/projections/history/testing/played-game';

export function benchUndo(): void {
  console.log('\nUndo on a game of N events (rules history, sandbox, 300 undos in a row): slowest and mean');
  for (const events of [200, 12_000]) {
    const actions = playActions({ seed: 3, players: 2, events, blessings: 3000 });
    for (const [label, history] of [
      ['played here', played(actions)],
      ['folded from the log', GameHistory.fold(played(actions).entries)],
    ] as const) {
      let slowest = 0;
      let total = 0;
      let undos = 0;
      for (; undos < 300 && history.lastEffective?.seat != null; undos++) {
        const seat = history.lastEffective.seat;
        const started = performance.now();
        const decided = decideWithHistory(history, { type: 'Undo' }, { seat, rng: seededRng(1) });
        history.record(`u${undos}`, seat, decided.events, decided.state);
        const took = performance.now() - started;
        slowest = Math.max(slowest, took);
        total += took;
      }
      console.log(
        `  ${events.toLocaleString('en-US')} events, ${label}: slowest ${slowest.toFixed(2)} ms, mean ${(total / undos).toFixed(3)} ms (${undos} undos)`,
      );
    }
  }
}

function played(actions: ReturnType<typeof playActions>): GameHistory {
  const history = new GameHistory();
  for (const a of actions) history.record(a.commandId, a.seat, a.events);
  return history;
}

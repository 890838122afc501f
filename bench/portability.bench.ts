// Re-decision (import, revalidate) and the export codec, in process: how fast a server can check
// and move games. Printed by `npm run bench`; run alone with
// `node -r @swc-node/register bench/portability.bench.ts`.
import { performance } from 'node:perf_hooks';
import { EXPORT_FORMAT, EXPORT_VERSION, exportLine, parseExport, redecide } from '@logbook/game-log';
import { recordRandomGame } from '../libs/game-log/src/testing/recorded-game';

export function benchPortability(print: (line: string) => void = console.log): void {
  const games = Array.from({ length: 100 }, (_, i) =>
    recordRandomGame({ seed: i + 1, scenario: i % 2 ? 'twin-sails' : 'first-voyage', players: 1 + (i % 4), commands: 3000, mode: 'sandbox' }),
  );
  const events = games.reduce((n, g) => n + g.events.length, 0);
  const int = (n: number) => Math.round(n).toLocaleString('en-US');

  let started = performance.now();
  let actions = 0;
  for (const game of games) {
    const result = redecide(game.events);
    if (!result.ok) throw new Error(`bench game ${game.gameId} does not re-decide: ${result.divergence.reason}`);
    actions += result.actions;
  }
  let seconds = (performance.now() - started) / 1000;
  print(`\nRe-decision (import, revalidate): ${games.length} random games, ${int(actions)} actions, ${int(events)} events`);
  print(`  ${int(actions / seconds)} actions/s, ${int(events / seconds)} events/s (decide again with the recorded draws, compare, fold)`);

  started = performance.now();
  const files = games.map((g) =>
    [
      JSON.stringify({
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        gameId: g.gameId,
        revision: g.events.length - 1,
        status: 'active',
        complete: true,
        exportedAt: '',
      }),
      ...g.events.map((e) => JSON.stringify(exportLine(e, { whole: true }))),
    ].join('\n'),
  );
  seconds = (performance.now() - started) / 1000;
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f), 0);
  print(`  export lines: ${int(events / seconds)} events/s, ${(bytes / events).toFixed(0)} bytes per event on average`);
  started = performance.now();
  for (const file of files) parseExport(file);
  seconds = (performance.now() - started) / 1000;
  print(`  parse an export: ${int(events / seconds)} events/s`);
}

if (require.main === module) benchPortability();

// boardgame.io 0.50.2 on its own move/turn workload (./bgio-reference.ts), in a child process of
// `npm run bench -- bgio` like Logbook's phases: 10 games to warm up, then the 100 games timed,
// one call in flight, game after game. Prints one JSON line.
import { BGIO_EXPECTED, BGIO_GAMES, bgioScript, bgioScriptEnd } from './bgio-workload';
import { bgioCalls, bgioServer } from './bgio-reference';

export interface BoardgameIoResult {
  games: number;
  calls: number;
  /** Calls boardgame.io refused, or games that did not end where the script's simulation ends. */
  failures: number;
  seconds: number;
  actionsPerSecond: number;
  microsPerCall: number;
  cpuMicrosPerCall: number;
}

async function main(): Promise<void> {
  const server = bgioServer();
  const scripts = Array.from({ length: BGIO_GAMES }, (_, i) => bgioCalls(bgioScript(i)));
  for (let i = 0; i < 10; i++) {
    server.newMatch(`warm-up-${i}`);
    await server.play(`warm-up-${i}`, scripts[i]);
  }
  scripts.forEach((_, i) => server.newMatch(`match-${i}`));
  const started = performance.now();
  const cpu = process.cpuUsage();
  let failures = 0;
  for (let i = 0; i < scripts.length; i++) failures += await server.play(`match-${i}`, scripts[i]);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  scripts.forEach((_, i) => {
    if (JSON.stringify(server.ships(`match-${i}`)) !== JSON.stringify(bgioScriptEnd(i))) failures += 1;
  });
  const calls = scripts.reduce((sum, calls) => sum + calls.length, 0);
  const actions = BGIO_EXPECTED.moves + BGIO_EXPECTED.turns;
  const result: BoardgameIoResult = {
    games: scripts.length,
    calls,
    failures,
    seconds,
    actionsPerSecond: actions / seconds,
    microsPerCall: (seconds * 1e6) / calls,
    cpuMicrosPerCall: (used.user + used.system) / calls,
  };
  console.log(JSON.stringify(result));
  // boardgame.io's server object holds a socket.io instance that never listened: nothing to close.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

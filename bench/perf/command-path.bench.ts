// The workload through Logbook's command path in process (no HTTP, so no seat token check: the
// seat guard is the edge's): the real Nest application context (command service, repository,
// read models), memory or durable SQLite store. Run as a
// child process by `npm run bench -- command-path`, so its RSS is its own; prints one JSON line.
//   node -r @swc-node/register bench/perf/command-path.bench.ts memory|sqlite
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScenario } from '@logbook/content';
import type { PlayCommand, ScenarioDefinition } from '@logbook/rules';
import { AppModule } from '../../apps/server/src/app.module';
import { GameCommandsService } from '../../apps/server/src/games/game-commands.service';
import { SETUP_RESPONSE, hexNavigationScenario, scriptCommand } from './hex-navigation';

export interface CommandPathResult {
  store: string;
  games: number;
  actions: number;
  failures: number;
  seconds: number;
  actionsPerSecond: number;
  /** Mean µs per execute() with one game alone (one call in flight). */
  microsPerCall?: number;
  /** CPU time of this process per action, µs (less sensitive than wall time to a busy machine). */
  cpuMicrosPerAction: number;
  /** CPU time of the main (event loop) thread alone per action, µs (Linux; without worker threads). */
  mainThreadCpuMicrosPerAction?: number;
  rssMiB: number;
  /** RSS once the application context is up, before any game: what the workload added is the rest. */
  rssAtStartMiB: number;
  heapUsedMiB: number;
}

export const GAMES = 100;
export const ACTIONS_PER_GAME = 200;

async function main(): Promise<void> {
  const kind = process.argv[2] === 'sqlite' ? 'sqlite' : 'memory';
  const dir = mkdtempSync(join(tmpdir(), 'logbook-command-path-'));
  process.env.LOGBOOK_STORE = kind;
  process.env.LOGBOOK_DATA_DIR = dir;
  process.env.LOGBOOK_RATE_LIMITS = 'off';
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  await app.init();
  const rssAtStartMiB = process.memoryUsage().rss / 2 ** 20;
  const service = app.get(GameCommandsService);
  const parsed = parseScenario(hexNavigationScenario());
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const scenario: ScenarioDefinition = parsed.scenario;

  const newGame = async () => {
    const created = await service.createGame({ scenario, players: [{ name: 'Bench' }], mode: 'standard' });
    const game = { gameId: created.gameId, seat: created.seats[0].seat };
    await service.execute(game.gameId, game.seat, 'setup-plunder', SETUP_RESPONSE).catch(() => undefined);
    return game;
  };
  let failures = 0;
  const play = async (game: { gameId: string; seat: number }, count: number) => {
    for (let i = 0; i < count; i++) {
      try {
        await service.execute(game.gameId, game.seat, `c-${i}`, scriptCommand(i) as PlayCommand);
      } catch (error) {
        failures += 1;
        if (failures === 1) console.error(error);
      }
    }
  };

  // Warm-up (JIT, caches) on games of their own.
  const warm = await Promise.all(Array.from({ length: 10 }, newGame));
  await Promise.all(warm.map((g) => play(g, 200)));
  failures = 0;

  let microsPerCall: number | undefined;
  if (kind === 'memory') {
    const alone = await newGame();
    const started = performance.now();
    await play(alone, 2000);
    microsPerCall = ((performance.now() - started) * 1000) / 2000;
  }

  const games = await Promise.all(Array.from({ length: GAMES }, newGame));
  // BENCH_PROFILE=<file.cpuprofile>: a CPU profile of the measured phase alone (not start-up, not warm-up);
  // BENCH_HEAP_PROFILE=<file.heapprofile>: where it allocates (V8's sampling heap profiler).
  const profile = process.env.BENCH_PROFILE ? await startProfile() : undefined;
  const heapProfile = process.env.BENCH_HEAP_PROFILE ? await startProfile('heap') : undefined;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const mainCpu = mainThreadCpuNanos();
  await Promise.all(games.map((g) => play(g, ACTIONS_PER_GAME)));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const mainCpuUsed = mainCpu === undefined ? undefined : mainThreadCpuNanos()! - mainCpu;
  const actions = GAMES * ACTIONS_PER_GAME - failures;
  if (profile) writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(await profile()));
  if (heapProfile) writeFileSync(process.env.BENCH_HEAP_PROFILE!, JSON.stringify(await heapProfile()));
  const memory = process.memoryUsage();
  const result: CommandPathResult = {
    store: kind,
    games: GAMES,
    actions,
    failures,
    seconds,
    actionsPerSecond: actions / seconds,
    microsPerCall,
    cpuMicrosPerAction: (used.user + used.system) / actions,
    mainThreadCpuMicrosPerAction: mainCpuUsed === undefined ? undefined : mainCpuUsed / 1000 / actions,
    rssMiB: memory.rss / 2 ** 20,
    rssAtStartMiB,
    heapUsedMiB: memory.heapUsed / 2 ** 20,
  };
  await app.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify(result));
}

/**
 * CPU time of the main thread so far, ns: `process.cpuUsage()` counts every thread (GC threads,
 * libuv's pool), this only the one that runs the event loop. Linux only.
 */
export function mainThreadCpuNanos(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return undefined;
  }
}

/** Starts V8's CPU (or sampling heap) profiler in this process; the function returned stops it and gives the profile. */
export async function startProfile(kind: 'cpu' | 'heap' = 'cpu'): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  if (kind === 'heap') {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    return async () => {
      const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: object };
      session.disconnect();
      return profile;
    };
  }
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    session.disconnect();
    return profile;
  };
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

// Analytics figures for `npm run bench`: the simulator's games/s (whole games with bots, recorded
// in a durable SQLite store), and a rebuild of the analytics read model from the first event.
// Both go through the shared-content decorator, as `npm run cli -- simulate` and `rebuild` do
// (openEventStore): each scenario document is stored once, by content hash.
import { join } from 'node:path';
import { builtInScenario } from '@logbook/content';
import { SqliteEventStore, withSharedContent, type EventStore } from '@logbook/event-store';
import { gameSharedContent } from '@logbook/game-log';
import { READ_MODEL_SAVE_BOUNDS, SHARED_CONTENT_CACHE_BYTES, recordSimulatedGame, simulateGame, type BotName } from '@logbook/app-core';
import { AnalyticsProjection, ProjectionRunner, SqliteAnalyticsStore, SqliteCheckpointStore } from '@logbook/projections';

export interface SimulationBench {
  games: number;
  orders: number;
  events: number;
  seconds: number;
  gamesPerSecond: number;
}

/**
 * The file's store as the command line opens it (createEventStore: long reads build their pages in
 * the store's reader thread), less the personal-data seal (names are not what this measures).
 */
const sharingContent = (filename: string): EventStore =>
  withSharedContent(new SqliteEventStore({ filename, readThread: true }), { policy: gameSharedContent, cacheBytes: SHARED_CONTENT_CACHE_BYTES });

/** Simulates `games` games (both scenarios, the three bots, 1–4 seats in turn) into `filename`. */
export async function simulateInto(filename: string, games: number, seed = 1): Promise<SimulationBench> {
  const store = sharingContent(filename);
  const bots: BotName[] = ['random', 'greedy', 'idle'];
  const scenarios = ['first-voyage', 'twin-sails'].map((id) => builtInScenario(id)!);
  let orders = 0;
  let events = 0;
  const started = performance.now();
  for (let index = 0; index < games; index++) {
    const bot = bots[index % bots.length] as BotName;
    const scenario = scenarios[Math.floor(index / bots.length) % scenarios.length]!;
    const players = 1 + (Math.floor(index / 6) % 4);
    const game = simulateGame({ scenario, players, bot, seed, index });
    await recordSimulatedGame(store, game, { simulated: true, bot, seed, index, gameSeed: game.gameSeed });
    orders += game.actions.length - 1;
    events += game.actions.reduce((n, a) => n + a.events.length, 0);
  }
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  return { games, orders, events, seconds, gamesPerSecond: games / seconds };
}

export interface RebuildBench {
  /** Events of the log (the store's last position), content streams included. */
  logEvents: number;
  /** Events the analytics fold handled. */
  handled: number;
  seconds: number;
  /** logEvents / seconds: the rebuild's reading rate. */
  eventsPerSecond: number;
  /** CPU time of the process during the rebuild (steadier than wall time on a busy machine). */
  cpuMs: number;
}

/** Rebuilds the analytics read model (SQLite, as configured by default) from the first event of `store`. */
export async function rebuildAnalytics(store: EventStore, dir: string, round: number): Promise<RebuildBench> {
  const readModels = join(dir, `read-models-${round}.sqlite`);
  const analytics = new SqliteAnalyticsStore({ filename: readModels });
  const checkpoints = new SqliteCheckpointStore({ filename: readModels });
  // As `npm run cli -- rebuild analytics` runs it.
  const runner = new ProjectionRunner(store, checkpoints, new AnalyticsProjection(analytics), READ_MODEL_SAVE_BOUNDS);
  const logEvents = Number((await store.lastPosition()) ?? 0n);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const handled = await runner.rebuild();
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  analytics.close();
  await checkpoints.close();
  return { logEvents, handled, seconds, eventsPerSecond: logEvents / seconds, cpuMs: (user + system) / 1000 };
}

export interface ReadAllBench {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** The same in CPU time of the process (steadier on a busy machine). */
  eventsPerCpuSecond: number;
}

/**
 * The store alone, bare (no decorator): every event of the file read in pages of 1,000, no filter,
 * one page after the other on the store's own connection (the rebuild's ceiling, as every earlier
 * run measured it).
 */
export async function readAllBare(store: EventStore): Promise<ReadAllBench> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let events = 0;
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ fromPosition: after, maxCount: 1000 });
    events += page.length;
    if (page.length < 1000) break;
    after = page[page.length - 1]?.position;
  }
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  return { events, seconds, eventsPerSecond: events / seconds, eventsPerCpuSecond: events / ((user + system) / 1e6) };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** The section `npm run bench` prints: simulate, then rebuild the analytics from zero (median of 3). */
export async function benchAnalytics(dir: string, games: number): Promise<void> {
  console.log(
    `\nAnalytics: simulate ${games} games (both scenarios; random, greedy and idle bots; 1–4 seats), then rebuild the analytics read model from zero`,
  );
  const events = join(dir, 'simulated.sqlite');
  const sim = await simulateInto(events, games);
  console.log(
    `  simulator: ${games} games, ${int(sim.orders)} orders, ${int(sim.events)} events in ${sim.seconds.toFixed(1)} s = ${sim.gamesPerSecond.toFixed(1)} games/s` +
      ` (${int(sim.orders / sim.seconds)} orders/s; decided, folded and durably recorded, one append per game)`,
  );
  // Each store is opened once, as a server or the command line opens it, and read from in turn:
  // rebuilds and bare reads alternate, so both see the same moments of a shared machine.
  const store = sharingContent(events);
  const bare = new SqliteEventStore({ filename: events });
  const runs: RebuildBench[] = [];
  const reads: ReadAllBench[] = [];
  try {
    await rebuildAnalytics(store, dir, 0); // cold: JIT, the SQLite page cache, the reader thread starting
    await readAllBare(bare);
    for (let round = 1; round <= 3; round++) {
      runs.push(await rebuildAnalytics(store, dir, round));
      reads.push(await readAllBare(bare));
    }
  } finally {
    await store.close();
    await bare.close();
  }
  const median = runs.sort((a, b) => a.eventsPerSecond - b.eventsPerSecond)[1] as RebuildBench;
  const read = reads.sort((a, b) => a.eventsPerSecond - b.eventsPerSecond)[1] as ReadAllBench;
  const ratio = median.eventsPerSecond / read.eventsPerSecond;
  const cpuRatio = median.logEvents / (median.cpuMs / 1000) / read.eventsPerCpuSecond;
  console.log(
    `  rebuild analytics from zero: ${int(median.logEvents)} log events (${int(median.handled)} game events folded; the long data of the types the figures do not read is not parsed; each page built by the store's reader thread while the one before is folded) in ${median.seconds.toFixed(2)} s` +
      ` = ${int(median.eventsPerSecond)} events/s, ${int(median.cpuMs)} ms of CPU = ${int(median.logEvents / (median.cpuMs / 1000))} per CPU-second of the process, both threads (median of 3 warm rebuilds; target >= 250,000: ${median.eventsPerSecond >= 250_000 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  the store alone, read all in pages of 1,000 one after the other on its own connection (no filter, no decorator, no reader thread): ${int(read.events)} events in ${read.seconds.toFixed(2)} s = ${int(read.eventsPerSecond)} events/s,` +
      ` ${int(read.eventsPerCpuSecond)} per CPU-second (median of 3)`,
  );
  console.log(`  rebuild / bare read: ${ratio.toFixed(2)} (${cpuRatio.toFixed(2)} per CPU-second) (target >= 0.9: ${ratio >= 0.9 ? 'met' : 'NOT met'})`);
}

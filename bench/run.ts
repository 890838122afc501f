/**
 * `npm run bench`: the event store's and server's figures, printed (not timed tests). SQLite with durable writes
 * (WAL, synchronous=FULL) always; the EventStoreDB client against the protocol-level test
 * server always (labelled as such); a real EventStoreDB too when EVENTSTORE_CONNECTION_STRING is set.
 * BENCH_ORDERS_PER_GAME and BENCH_ROUNDS scale the SQLite run; BENCH_ANALYTICS_GAMES the simulated games of `analytics` (1000);
 * BENCH_INTEGRITY_MB the store `event-loop` checks (200); BENCH_HOSTILE_FORKS the forks of `hostile` (600);
 * BENCH_BGIO_ROUNDS the rounds of `bgio`'s in-process phases, each printed as its median (3).
 * `npm run bench -- <group>` runs one group (`npm run bench -- --list` names them);
 * `npm run bench -- --profile` takes a CPU profile of the server under the HTTP load.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { type EventStore, SqliteEventStore, createEventStore } from '@logbook/event-store';
import { startTestEventStoreDb } from '@logbook/event-store/eventstoredb/testing';
import { measureOrders } from './orders-throughput.bench';
import { gameFold, recordPlayedGames } from './game-fold.bench';
import { measureHttpOrders } from './http.bench';
import { measureReadAndFold } from './read-fold.bench';
import { benchPortability } from './portability.bench';
import { rejectedAppendLeavesStream } from './rejected-append.bench';
import { benchAnalytics } from './analytics.bench';
import { measureDecide, measureLegalCommands } from './decide.bench';
import { measureUndoRedo } from './history.bench';
import { benchBgioWorkload, benchCommandPath, benchHttpPath, benchLogSize } from './perf/perf.bench';
import { benchOpen } from './perf/open.bench';
import { benchPostgres } from './perf/postgres.bench';
import { benchTwoServersHttp } from './perf/postgres-servers.bench';
import { benchSeek } from './seek/seek.bench';
import { measureSpectators } from './spectators.bench';
import { benchEventLoop } from './event-loop/event-loop.bench';
import { HEAP_MB, IDLE_BASELINE_MB, OFF_HEAP_MB, measureHostileForks } from './hostile/fork-and-view.bench';

// Every figure is measured with the rate limits off: the server must stay responsive
// without them. The request log is off too: it measures the server, not the terminal.
process.env.LOGBOOK_RATE_LIMITS = 'off';
process.env.LOGBOOK_LOG_LEVEL = 'silent';

const GAMES = 100;
const ORDERS_PER_GAME = Number(process.env.BENCH_ORDERS_PER_GAME ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function benchSqlite(dir: string): Promise<void> {
  console.log(`\nSQLite (WAL, synchronous=FULL, group commit), ${GAMES} games, ${GAMES} orders in flight, 2 events per order`);
  const rates: number[] = [];
  let store: SqliteEventStore | undefined;
  for (let round = 1; round <= ROUNDS; round++) {
    await store?.close();
    store = new SqliteEventStore({ filename: join(dir, `orders-${round}.db`) });
    const result = await measureOrders(store, { games: GAMES, ordersPerGame: ORDERS_PER_GAME, gamePrefix: 'bench-' });
    const { transactions, appends } = store.commitStats;
    rates.push(result.ordersPerSecond);
    console.log(
      `  round ${round}: ${int(result.orders)} orders in ${result.seconds.toFixed(2)} s = ${int(result.ordersPerSecond)} acknowledged orders/s,` +
        ` ${result.failures} failed, ${(appends / transactions).toFixed(1)} appends per commit`,
    );
  }
  console.log(
    `  median: ${int(median(rates))} acknowledged orders/s (target >= 20,000; issue 24: no slower than before format v3,` +
      ` which only a run of the earlier code beside this one can show: docs/performance.md)`,
  );

  const check = await rejectedAppendLeavesStream(store!, 'game-bench-0');
  console.log(`  stale append rejected: ${check.rejected ? 'yes' : 'NO'}; stream unchanged after it: ${check.unchanged ? 'yes' : 'NO'}`);

  // The first read is cold (JIT, SQLite page cache); a rebuild after a restart pays that once.
  const cold = await measureReadAndFold(store!);
  const warm = [];
  for (let i = 0; i < 5; i++) warm.push(await measureReadAndFold(store!));
  const read = warm.sort((a, b) => a.eventsPerSecond - b.eventsPerSecond)[2];
  console.log(
    `  read all + fold: ${int(read.events)} events of ${read.streams} games in ${read.seconds.toFixed(2)} s = ${int(read.eventsPerSecond)} events/s` +
      ` (median of 5 warm reads; first, cold read ${int(cold.eventsPerSecond)}/s; target >= 300,000)`,
  );
  await store!.close();

  // The same read with the game's own fold (libs/rules appliers) over randomly played games.
  const played = new SqliteEventStore({ filename: join(dir, 'played.db') });
  await recordPlayedGames(played, 200, 1500);
  await measureReadAndFold(played, { fold: gameFold });
  const gameRuns = [];
  for (let i = 0; i < 3; i++) gameRuns.push(await measureReadAndFold(played, { fold: gameFold }));
  const game = gameRuns.sort((a, b) => a.eventsPerSecond - b.eventsPerSecond)[1];
  console.log(
    `  read all + the game's own fold: ${int(game.events)} events of ${game.streams} played games in ${game.seconds.toFixed(2)} s` +
      ` = ${int(game.eventsPerSecond)} events/s (median of 3 warm reads)`,
  );
  await played.close();

  // For scale: the same load with one transaction, hence one fsync, per order.
  const single = new SqliteEventStore({ filename: join(dir, 'one-fsync-per-order.db'), maxBatchSize: 1 });
  const baseline = await measureOrders(single, { games: GAMES, ordersPerGame: 30, gamePrefix: 'single-' });
  await single.close();
  console.log(`  for scale, one commit (fsync) per order: ${int(baseline.ordersPerSecond)} orders/s`);
}

async function benchHttp(dir: string): Promise<void> {
  const games = Number(process.env.BENCH_HTTP_GAMES ?? 50);
  console.log(`\nThe whole server over HTTP (SQLite), ${games} games at once, one seat each, EndTurn until the blessings run out`);
  const result = await measureHttpOrders(join(dir, 'http'), games);
  console.log(
    `  ${int(result.orders)} orders in ${result.seconds.toFixed(2)} s = ${int(result.ordersPerSecond)} orders/s` +
      ` (validated, folded, decided, durably appended, answered), ${result.failures} failed`,
  );
}

async function benchSpectators(dir: string): Promise<void> {
  const seconds = Number(process.env.BENCH_SPECTATOR_SECONDS ?? 20);
  console.log(
    `\nHostile spectators (a server process of its own, SQLite, rate limits off): 8 loop on ?at= and live?from=0 of a 10,000-event game while a player sends orders on another game, ${seconds} s`,
  );
  const r = await measureSpectators(join(dir, 'spectators'), { seconds });
  console.log(
    `  player: ${int(r.orders)} orders, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (target < 50 ms), max ${r.max.toFixed(0)} ms;` +
      ` spectators: ${int(r.seeks)} seeks, ${int(r.feeds)} whole feeds of ${int(r.events)} events`,
  );
  console.log(`  server memory: ${r.baselineMb.toFixed(0)} MB after loading the big game, peak ${r.peakMb.toFixed(0)} MB (VmHWM)`);
}

async function benchHostileForks(dir: string): Promise<void> {
  const forks = Number(process.env.BENCH_HOSTILE_FORKS ?? 600);
  console.log(
    `\nHostile forks (a server process of its own, SQLite, rate limits off): one game from the maximal inline scenario, 2 seats;` +
      ` ${forks} forks from seat 1 at its current revision, each followed by a view of the fork as its seat and of the source; /health once a second`,
  );
  const r = await measureHostileForks(join(dir, 'hostile'), forks);
  console.log(`  ${int(r.forks)} forks and ${int(2 * r.forks)} views in ${r.seconds.toFixed(0)} s, ${r.failures} failed`);
  console.log('  forks | store MB | growth  | read models MB | server RSS MB   (store: file + WAL as they stand)');
  r.samples.forEach((s, i) => {
    const growth = i === 0 ? '' : `+${(s.storeMb - r.samples[i - 1].storeMb).toFixed(2)}`;
    console.log(
      `  ${String(s.forks).padStart(5)} | ${s.storeMb.toFixed(2).padStart(8)} | ${growth.padStart(7)} | ${s.readModelsMb.toFixed(2).padStart(7)} | ${s.rssMb.toFixed(0).padStart(5)}`,
    );
  });
  console.log(`  settled after a clean stop (WAL checkpointed): store ${r.settledStoreMb.toFixed(2)} MB, read models ${r.settledReadModelsMb.toFixed(2)} MB`);
  console.log(
    `  /health while forking: ${r.health.samples} samples, p50 ${r.health.p50.toFixed(1)} ms, p99 ${r.health.p99.toFixed(1)} ms, max ${r.health.max.toFixed(0)} ms`,
  );
  console.log(
    `  server memory: peak ${r.peakRssMb.toFixed(0)} MB RSS (VmHWM); documented bound ${r.boundMb.toFixed(0)} MB` +
      ` (a ${HEAP_MB} MB heap, holding cache budgets of ${r.budgetsMb.toFixed(0)} MB and a ${IDLE_BASELINE_MB} MB idle baseline, + ${OFF_HEAP_MB} MB off the heap): ${r.peakRssMb <= r.boundMb ? 'within it' : 'ABOVE IT'}`,
  );
}

async function benchEventStoreDb(connectionString: string, label?: string): Promise<void> {
  const ordersPerGame = Number(process.env.BENCH_ESDB_ORDERS_PER_GAME ?? 20);
  console.log(
    `\n${label ?? `EventStoreDB (${connectionString.replace(/\/\/[^@/]*@/, '//***@')})`}, ${GAMES} games, ${GAMES} orders in flight, 2 events per order`,
  );
  const store: EventStore = createEventStore({ kind: 'eventstoredb', connectionString });
  const prefix = `bench-${randomUUID().slice(0, 8)}-`;
  try {
    const result = await measureOrders(store, { games: GAMES, ordersPerGame, gamePrefix: prefix });
    console.log(
      `  ${int(result.orders)} orders in ${result.seconds.toFixed(2)} s = ${int(result.ordersPerSecond)} acknowledged orders/s, ${result.failures} failed`,
    );
    const check = await rejectedAppendLeavesStream(store, `game-${prefix}0`);
    console.log(`  stale append rejected: ${check.rejected ? 'yes' : 'NO'}; stream unchanged after it: ${check.unchanged ? 'yes' : 'NO'}`);
    const read = await measureReadAndFold(store, { filter: { streamPrefixes: [`game-${prefix}`] } });
    console.log(
      `  read all (server-side prefix filter) + fold: ${int(read.events)} events in ${read.seconds.toFixed(2)} s = ${int(read.eventsPerSecond)} events/s`,
    );
  } finally {
    await store.close();
  }
}

/** The rules in process: one decision, the options of a seat, and undo/redo through the history. */
function benchRules(): void {
  console.log(`\nRules in process (NODE_ENV=${process.env.NODE_ENV ?? 'unset'}: immer's production build is faster)`);
  const decided = measureDecide();
  console.log(
    `  decide on an immer draft: ${decided.microsPerDecision.toFixed(1)} µs per random command on mid-game states,` +
      ` ${decided.microsPerAccepted.toFixed(1)} µs per accepted one; a structuredClone of the same states, which every` +
      ` decision paid before, ${decided.microsPerClone.toFixed(1)} µs`,
  );
  const options = measureLegalCommands();
  console.log(
    `  legalCommands: ${int(options.microsPerCall)} µs a call, ${int(options.cpuMicrosPerCall)} µs of CPU (${options.optionsPerCall.toFixed(1)} options on average)`,
  );
  const runs = [measureUndoRedo(), measureUndoRedo(), measureUndoRedo()];
  const best = runs.sort((a, b) => b.actionsPerSecond - a.actionsPerSecond)[0];
  console.log(
    `  undo/redo: move+undo+redo through GameHistory = ${int(best.actionsPerSecond)} actions/s (a resetting undo paid, not counted)` +
      ` (${int(best.actionsPerCpuSecond)} per CPU-second; best of 3; boardgame.io move+undo+redo: 28,700 actions/s)`,
  );
}

async function withDir(work: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'logbook-bench-'));
  try {
    await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The groups, in the order `npm run bench` runs them; one name runs one. */
const GROUPS: Record<string, () => Promise<void>> = {
  rules: async () => benchRules(),
  store: () => withDir(benchSqlite),
  'server-inline': () => withDir(benchHttp),
  seek: () => benchSeek(),
  portability: async () => benchPortability(),
  spectators: () => withDir(benchSpectators),
  hostile: () => withDir(benchHostileForks),
  eventstoredb: async () => {
    // The real client and adapter over gRPC against the protocol-level TEST server (in memory,
    // in this same process): figures of the client path, not of EventStoreDB.
    const testServer = await startTestEventStoreDb();
    try {
      await benchEventStoreDb(
        testServer.connectionString,
        'EventStoreDB client -> TEST SERVER (protocol-level, in memory, same process; not an EventStoreDB figure)',
      );
    } finally {
      testServer.close();
    }
    const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
    if (connectionString) await benchEventStoreDb(connectionString);
    else console.log('\nEventStoreDB: skipped (EVENTSTORE_CONNECTION_STRING not set)');
  },
  postgres: async () => {
    await benchPostgres();
    await benchTwoServersHttp();
  },
  'command-path': benchCommandPath,
  bgio: benchBgioWorkload,
  http: () => benchHttpPath(),
  log: benchLogSize,
  open: benchOpen,
  analytics: () => withDir((dir) => benchAnalytics(dir, Number(process.env.BENCH_ANALYTICS_GAMES ?? 1000))),
  'event-loop': () => withDir(benchEventLoop),
};

async function main(): Promise<void> {
  const cpu = cpus();
  console.log(`Logbook bench — ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`);
  // Figures are only comparable on an idle machine: say how busy it was.
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  // BENCH_ONLY=eventstoredb (or any group name) runs that group alone, as `npm run bench -- <group>` does.
  const args = process.argv.slice(2).concat(process.env.BENCH_ONLY ? [process.env.BENCH_ONLY] : []);
  if (args.includes('--list')) return console.log(Object.keys(GROUPS).join('\n'));
  if (args.includes('--profile')) return benchHttpPath({ profile: true });
  const unknown = args.filter((name) => !GROUPS[name]);
  if (unknown.length > 0) throw new Error(`unknown bench group(s) ${unknown.join(', ')}; groups: ${Object.keys(GROUPS).join(', ')}`);
  for (const name of args.length > 0 ? args : Object.keys(GROUPS)) await GROUPS[name]();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

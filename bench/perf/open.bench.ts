// `npm run bench -- open`: opening games on a freshly started server (issue 24).
// - The 34,840-event match, played through the command path on durable SQLite with snapshots on
//   (as a server writes them), then a fresh server: /health ready, the first board view, seeks.
//   The same fresh start with LOGBOOK_SNAPSHOTS=off, for today's cost of folding the whole log.
// - A store of 10,000 games, about a million events (prepared games appended straight to the
//   store, not through HTTP): a fresh server's /health ready time and RSS, before and after its
//   read models caught up, and the first view of games it has not loaded.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '@logbook/app-core';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { RULES_VERSION_KEY, gameStreamId } from '@logbook/game-log';
import { rulesVersion } from '@logbook/rules';
import { playActions, toNewEventsOf, type PlayedAction } from '@logbook/projections/history/testing/played-game';
import { AppModule } from '../../apps/server/src/app.module';
import { GameCommandsService } from '../../apps/server/src/games/game-commands.service';
import { GameRepository } from '../../apps/server/src/games/game-repository';
import { SNAPSHOT_STORE, SqliteSnapshotStore, type SnapshotStore } from '@logbook/app-core';
import { MATCH_EVENTS, playMatch } from './log-size.bench';
import { js, measuredEnv } from './perf.bench';

const ROOT = join(__dirname, '..', '..');
const GAMES = 10_000;
const EVENTS_PER_GAME = 100;
const SEEKS = 200;

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;

interface Fresh {
  child: ChildProcessWithoutNullStreams;
  base: string;
  /** From spawning the process to the first /health answered 200. */
  readyMs: number;
  report(): Promise<{ rss: number; heapUsed: number }>;
  stop(): Promise<void>;
}

/** A fresh server process (compiled, as production runs) on `dataDir`, timed until /health answers 200. */
async function freshServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<Fresh> {
  const started = performance.now();
  const child = spawn(process.execPath, [js('bench/perf/open-server.ts')], {
    cwd: ROOT,
    env: { ...measuredEnv(), LOGBOOK_DATA_DIR: dataDir, LOGBOOK_STORE: 'sqlite', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: string[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      lines.push(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
  });
  const nextLine = async (seen: number): Promise<Record<string, unknown>> => {
    while (lines.length <= seen) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return JSON.parse(lines[seen] as string) as Record<string, unknown>;
  };
  const { port } = (await nextLine(0)) as { port: number };
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const res = await fetch(`${base}/health`).catch(() => undefined);
    if (res?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    base,
    readyMs,
    report: async () => {
      const seen = lines.length;
      child.stdin.write('report\n');
      return (await nextLine(seen)) as { rss: number; heapUsed: number };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.stdin.write('exit\n');
      }),
  };
}

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

/**
 * The match, played through the command path (memory store, snapshots on: written as a server
 * writes them), then its events appended as recorded to durable SQLite in `dir` and its snapshot
 * put in `dir`'s snapshots.sqlite (it names the same event ids, so it is that log's snapshot).
 */
export async function recordMatch(dir: string): Promise<string> {
  const saved = { ...process.env };
  Object.assign(process.env, { LOGBOOK_STORE: 'memory', LOGBOOK_RATE_LIMITS: 'off', LOGBOOK_BOTS: 'off' });
  try {
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    await app.init();
    const { gameId } = await playMatch(app.get(GameCommandsService));
    app.get(GameRepository).onModuleDestroy(); // the snapshot still waiting
    const snapshot = app.get<SnapshotStore>(SNAPSHOT_STORE).read(gameId);
    if (!snapshot) throw new Error('the match has no snapshot');
    const recorded = await app.get<EventStore>(EVENT_STORE).readStream(gameStreamId(gameId));
    if (recorded.status !== 'ok') throw new Error('no stream');
    await app.close();
    const durable = openEventStore({ kind: 'sqlite', filename: join(dir, 'logbook.sqlite') });
    let expected: number | 'no_stream' = 'no_stream';
    for (let i = 0; i < recorded.events.length; i += 500) {
      const page = recorded.events.slice(i, i + 500).map(({ id, type, data, metadata, schemaVersion }) => ({ id, type, data, metadata, schemaVersion }));
      expected = (await durable.append(gameStreamId(gameId), page, expected)).nextExpectedRevision;
    }
    await durable.close();
    const snapshots = new SqliteSnapshotStore(join(dir, 'snapshots.sqlite'));
    snapshots.write(gameId, snapshot);
    snapshots.close();
    return gameId;
  } finally {
    process.env = saved;
  }
}

interface OpenTimes {
  /** Median of 5 (after one warm-up), each on a fresh store and repository: GameRepository.load. */
  fromSnapshotMs: number;
  wholeLogMs: number;
  /** The events folded after the snapshot. */
  eventsAfter: number;
}

/** In a process of its own (as log-size measures today's load): the game opened from its snapshot, and from its whole log. */
async function measureOpen(dir: string, gameId: string): Promise<OpenTimes> {
  const times = { snapshot: [] as number[], whole: [] as number[] };
  let eventsAfter = 0;
  for (let run = 0; run < 6; run++) {
    for (const kind of ['snapshot', 'whole'] as const) {
      const store = openEventStore({ kind: 'sqlite', filename: join(dir, 'logbook.sqlite') });
      const snapshots = new SqliteSnapshotStore(join(dir, 'snapshots.sqlite'));
      // Measured without writing a new snapshot (an `every` no game reaches).
      const games = new GameRepository(store, undefined, false, kind === 'snapshot' ? snapshots : null, Number.MAX_SAFE_INTEGER);
      const started = performance.now();
      const game = await games.load(gameId);
      if (run > 0) times[kind].push(performance.now() - started);
      if (kind === 'snapshot') eventsAfter = game.history.entries.length;
      snapshots.close();
      await store.close();
    }
  }
  return { fromSnapshotMs: quantile(times.snapshot, 0.5), wholeLogMs: quantile(times.whole, 0.5), eventsAfter };
}

async function benchMatch(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'logbook-open-bench-'));
  try {
    let started = performance.now();
    const gameId = await recordMatch(dir);
    console.log(
      `\nOpening the ${MATCH_EVENTS.toLocaleString('en-US')}-event match on a fresh server (played through the command path and recorded on durable SQLite in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const view = (server: Fresh, query = '') => timed(`${server.base}/games/${gameId}${query}`);
    const child = spawnSync(process.execPath, [js('bench/perf/open.bench.ts'), '--measure', dir, gameId], { cwd: ROOT, env: measuredEnv(), encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`measuring the open failed: ${child.stderr}`);
    const open = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as OpenTimes;
    console.log(
      `  GameRepository.load in a fresh process (median of 5 after a warm-up): from its snapshot and the ${open.eventsAfter} events after it ${ms(open.fromSnapshotMs)}` +
        ` (target <= 60 ms; ${mark(open.fromSnapshotMs <= 60)}); the whole log read, parsed and folded ${ms(open.wholeLogMs)}`,
    );

    const off = await freshServer(dir, { LOGBOOK_SNAPSHOTS: 'off' });
    const folded = await view(off);
    await off.stop();
    const on = await freshServer(dir);
    const first = await view(on);
    if (first.status !== 200 || folded.status !== 200) throw new Error(`the view answered ${first.status} / ${folded.status}`);
    const again = await view(on);
    console.log(
      `  over HTTP, the first request a fresh server answers (its code not yet warm): the board view from its snapshot ${ms(first.ms)}` +
        ` (target <= 60 ms; ${mark(first.ms <= 60)}), snapshots off ${ms(folded.ms)}; the next view ${ms(again.ms)}`,
    );
    started = performance.now();
    const firstSeek = await view(on, `?at=${Math.floor(MATCH_EVENTS / 2)}`);
    const seeks: number[] = [];
    for (let i = 0; i < SEEKS; i++) seeks.push((await view(on, `?at=${Math.floor(Math.random() * MATCH_EVENTS)}`)).ms);
    const median = quantile(seeks, 0.5);
    console.log(
      `  seeks over HTTP, one client: first ${ms(firstSeek.ms)} (reads the log, builds the seek index);` +
        ` then median ${ms(median)} (target < 2 ms; ${mark(median < 2)}), p99 ${ms(quantile(seeks, 0.99))}`,
    );
    await on.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `actions` as game `gameId`'s: its creation names it (the rest of the log does not), and records
 * today's rules version as a server does. Without one, a game counts as recorded before versions
 * were kept, and its first look decides its whole log again (once per game and process, by design):
 * every first view measured would be that check, not the opening of a game.
 */
function asGame(gameId: string, actions: readonly PlayedAction[]) {
  const events = toNewEventsOf(gameId, actions);
  const created = events[0];
  if (created) {
    created.data = { ...(created.data as object), gameId };
    created.metadata = { ...created.metadata, [RULES_VERSION_KEY]: { rules: rulesVersion() } };
  }
  return events;
}

async function benchStore(): Promise<void> {
  // BENCH_OPEN_STORE_DIR keeps the store (built once) for a later run to start on.
  const kept = process.env.BENCH_OPEN_STORE_DIR;
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'logbook-open-store-'));
  try {
    let started = performance.now();
    const gameIds = Array.from({ length: GAMES }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const built = !kept || !existsSync(join(dir, 'logbook.sqlite'));
    if (built) await buildStore(dir, gameIds);
    console.log(
      `\nA store of ${GAMES.toLocaleString('en-US')} games of about ${EVENTS_PER_GAME} events (appended straight to the store, under today's rules version; ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const firstViews = async (server: Fresh): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await timed(`${server.base}/games/${gameIds[Math.floor(Math.random() * gameIds.length)]}`);
        if (res.status !== 200) throw new Error(`a view answered ${res.status}`);
        times.push(res.ms);
      }
      return times;
    };
    started = performance.now();
    const cold = await freshServer(dir);
    const coldMemory = await cold.report();
    console.log(
      `  first start (${built ? 'read models empty' : 'read models as the kept store left them'}): /health ok in ${(cold.readyMs / 1000).toFixed(2)} s, RSS then ${mib(coldMemory.rss)}`,
    );
    // Let the read models catch up (GET /games waits for the runner), then stop: the next start is a restart.
    await timed(`${cold.base}/games?limit=1`);
    await cold.stop();
    const warm = await freshServer(dir);
    const warmMemory = await warm.report();
    console.log(
      `  a restart: /health ok in ${(warm.readyMs / 1000).toFixed(2)} s (target <= 3 s; ${mark(warm.readyMs <= 3000)}),` +
        ` RSS ${mib(warmMemory.rss)} (target < 250 MB; ${mark(warmMemory.rss < 250e6)})`,
    );
    const views = await firstViews(warm);
    const after = await warm.report();
    console.log(
      `  first views of 50 games not loaded yet: median ${ms(quantile(views, 0.5))}, max ${ms(Math.max(...views))} (target <= 60 ms; ${mark(Math.max(...views) <= 60)}); RSS after ${mib(after.rss)}`,
    );
    await warm.stop();
  } finally {
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

/** Prepared games (20 played through the rules, each written under many ids) appended straight to the store. */
async function buildStore(dir: string, gameIds: readonly string[]): Promise<void> {
  const templates = Array.from({ length: 20 }, (_, seed) => playActions({ seed: seed + 1, players: 2, events: EVENTS_PER_GAME, blessings: 3000 }));
  const store = openEventStore({ kind: 'sqlite', filename: join(dir, 'logbook.sqlite') });
  for (let from = 0; from < gameIds.length; from += 250) {
    await Promise.all(
      gameIds
        .slice(from, from + 250)
        .map((gameId, i) => store.append(gameStreamId(gameId), asGame(gameId, templates[(from + i) % templates.length] as PlayedAction[]), 'no_stream')),
    );
  }
  await store.close();
}

export async function benchOpen(): Promise<void> {
  const only = process.env.BENCH_OPEN_ONLY;
  if (only !== 'store') await benchMatch();
  if (only !== 'match') await benchStore();
}

if (require.main === module && process.argv[2] === '--measure') {
  measureOpen(process.argv[3] ?? '', process.argv[4] ?? '')
    .then((times) => console.log(JSON.stringify(times)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
} else if (require.main === module) {
  benchOpen().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

// The attacker's fork-and-view load: one game from the largest inline scenario the server takes,
// then forks of it from its own seat at its current revision, each followed by a board view of the
// fork (as its seat) and of the source. Such a load once took a server's heap to 4 GB; what the
// server may hold is now bounded by the heap it is started with (README, "Memory"), so the
// figures printed here are the server process's RSS against that bound, the store's growth, and
// how long `/health` took meanwhile. The server runs in its own process, on SQLite, rate limits off.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { maximalScenario } from '@logbook/content/testing/maximal-scenario';
import { MB, cacheBudgetsFrom } from '../../apps/server/src/games/cache-budgets';
import { seekConfigFrom } from '../../apps/server/src/history/seek-config';
import { freePort, peakRssMb, startServer } from '../spectators.bench';

/** What README's "Memory" paragraph measured for an idle server (under @swc-node/register). */
export const IDLE_BASELINE_MB = 220;
/** The V8 heap the server is started with (`npm start`, the Docker image, this bench's server). */
export const HEAP_MB = 1024;
/** What lives outside the V8 heap: SQLite's page caches, buffers, the code. */
export const OFF_HEAP_MB = 200;

export interface HostileSample {
  forks: number;
  storeMb: number;
  readModelsMb: number;
  rssMb: number;
}

export interface HostileResult {
  forks: number;
  failures: number;
  seconds: number;
  samples: HostileSample[];
  peakRssMb: number;
  budgetsMb: number;
  boundMb: number;
  settledStoreMb: number;
  settledReadModelsMb: number;
  health: { samples: number; p50: number; p99: number; max: number };
}

/** A SQLite file and its write-ahead log, in MB, as they stand (the WAL not checkpointed). */
const fileMb = (dataDir: string, name: string): number =>
  [name, `${name}-wal`].reduce((sum, file) => {
    try {
      return sum + statSync(join(dataDir, file)).size;
    } catch {
      return sum;
    }
  }, 0) / MB;

/**
 * The documented bound (README, "Memory"): the heap the server is started with plus what lives
 * outside it; the four cache budgets (with the idle baseline) must fit in that heap.
 */
export function memoryBoundMb(env: Record<string, string | undefined> = process.env): { budgetsMb: number; boundMb: number } {
  const caches = cacheBudgetsFrom(env);
  const budgetsMb = (caches.gamesBytes + caches.viewsBytes + caches.feedFramesBytes + seekConfigFrom(env).budgetBytes) / MB;
  return { budgetsMb, boundMb: Math.max(HEAP_MB, budgetsMb + IDLE_BASELINE_MB) + OFF_HEAP_MB };
}

// Every request has a deadline: a server that stops answering ends the bench with an error.
const REQUEST_TIMEOUT_MS = 60_000;

async function call(base: string, method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, text };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function measureHostileForks(dataDir: string, forks = 600, every = 100): Promise<HostileResult> {
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = await startServer(dataDir, port);
  let exited = false;
  server.once('exit', () => (exited = true));
  const sample = (done: number): HostileSample => ({
    forks: done,
    storeMb: fileMb(dataDir, 'logbook.sqlite'),
    readModelsMb: fileMb(dataDir, 'read-models.sqlite'),
    rssMb: peakRssMb(server.pid!).rss,
  });

  // `/health` once a second for as long as the forks go on, one request at a time.
  const latencies: number[] = [];
  let sampling = true;
  const healthSampler = (async () => {
    while (sampling && !exited) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
      } catch {
        latencies.push(Infinity);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - started))));
    }
  })();

  let failures = 0;
  const samples: HostileSample[] = [];
  const started = performance.now();
  try {
    const created = await fetch(`${base}/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: maximalScenario(), players: [{ name: 'Ann' }, { name: 'Ben' }] }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (created.status !== 201) throw new Error(`the maximal game was refused: ${created.status} ${await created.text()}`);
    const source = (await created.json()) as { gameId: string; revision: number; seats: Array<{ token: string }> };
    const seat1 = source.seats[0].token;
    samples.push(sample(0));
    for (let n = 1; n <= forks; n++) {
      if (exited) throw new Error(`the server exited after ${n - 1} forks`);
      const fork = await call(base, 'POST', `/games/${source.gameId}/fork`, seat1, { at: source.revision });
      if (fork.status !== 201) {
        failures += 1;
        continue;
      }
      const forked = JSON.parse(fork.text) as { gameId: string; seats: Array<{ token: string | null }> };
      const ownView = await call(base, 'GET', `/games/${forked.gameId}`, forked.seats[0].token!);
      const sourceView = await call(base, 'GET', `/games/${source.gameId}`, seat1);
      if (ownView.status !== 200 || sourceView.status !== 200) failures += 1;
      if (n % every === 0 || n === forks) samples.push(sample(n));
    }
  } catch (error) {
    if (!exited) server.kill('SIGKILL');
    throw error;
  } finally {
    sampling = false;
    await healthSampler;
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = peakRssMb(server.pid!).peak;
  // A clean stop closes the store, which checkpoints its write-ahead log into the file.
  const stopped = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  if (!exited) await stopped;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    forks,
    failures,
    seconds,
    samples,
    peakRssMb: peak,
    ...memoryBoundMb(),
    settledStoreMb: fileMb(dataDir, 'logbook.sqlite'),
    settledReadModelsMb: fileMb(dataDir, 'read-models.sqlite'),
    health: { samples: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN },
  };
}

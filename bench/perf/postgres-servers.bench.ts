// Part of `npm run bench -- postgres`: orders over HTTP with two servers on one PostgreSQL, 64
// clients in all (32 on each server, each client playing its own game), two autocannon processes
// running at once. Servers and load generators run compiled, in processes of their own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import type { LoadGame, LoadInput, LoadResult } from './http-load';
import { js, measuredEnv, newGames, send, startServer, type Server } from './perf.bench';

const ROOT = join(__dirname, '..', '..');
const CLIENTS = 64;
const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** One load generator, without blocking this process (the two run side by side). */
function load(input: LoadInput): Promise<LoadResult & { games: LoadGame[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [js('bench/perf/http-load.ts'), JSON.stringify(input)], { cwd: ROOT, env: measuredEnv() });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`http-load failed (${code}): ${err}`));
      const lines = out.trim().split('\n');
      resolve(JSON.parse(lines[lines.length - 1]) as LoadResult & { games: LoadGame[] });
    });
  });
}

export async function benchTwoServersHttp(): Promise<void> {
  const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
  let database: TestDatabase | undefined;
  const url = process.env.BENCH_POSTGRES_URL ?? (database = await createTestDatabase('bench_servers')).url;
  const dirs = [mkdtempSync(join(tmpdir(), 'logbook-pg-a-')), mkdtempSync(join(tmpdir(), 'logbook-pg-b-'))];
  const servers: Server[] = [];
  try {
    for (const [i, dir] of dirs.entries()) {
      servers.push(await startServer(dir, { LOGBOOK_STORE: 'postgres', LOGBOOK_POSTGRES_URL: url, LOGBOOK_SERVER_ID: `bench-${'ab'[i]}` }));
    }
    console.log(`\nOver HTTP, two servers on one PostgreSQL (the log, the read models): ${CLIENTS} clients, half on each server, ${seconds} s`);
    const warm = await Promise.all(servers.map((server) => newGames(server.base, 8)));
    await Promise.all(servers.map((server, i) => load({ url: server.base, connections: 8, seconds: 3, mode: 'orders', games: warm[i] })));
    const games = await Promise.all(servers.map((server) => newGames(server.base, CLIENTS / 2)));
    const results = await Promise.all(servers.map((server, i) => load({ url: server.base, connections: CLIENTS / 2, seconds, mode: 'orders', games: games[i] })));
    const perSecond = results.reduce((sum, r) => sum + r.perSecond, 0);
    const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    console.log(
      `  ${CLIENTS} clients: ${int(perSecond)} orders/s in all (${results.map((r) => int(r.perSecond)).join(' + ')}),` +
        ` p99 ${Math.max(...results.map((r) => r.p99))} ms (per server ${results.map((r) => r.p99).join(', ')}; p50 ${results.map((r) => r.p50).join(', ')}),` +
        ` ${failed} failed (no target of its own; one server on durable SQLite: >= 2,500 orders/s, p99 < 25 ms)` +
        (results.find((r) => r.firstFailure)?.firstFailure ? `\n    first failure: ${results.find((r) => r.firstFailure)?.firstFailure}` : ''),
    );
  } finally {
    for (const server of servers) {
      await send(server, 'exit', (p) => p.closed === true).catch(() => undefined);
      server.child.kill();
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  }
}

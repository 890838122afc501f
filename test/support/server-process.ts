// The real server as a child process (for what only a process shows: signals, exit codes, a lock
// held by another pid), and a load of orders against it in which every request's fate is kept.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseScenario } from '@logbook/content';
import type { ScenarioDefinition } from '@logbook/rules';
import { SETUP_RESPONSE, hexNavigationScenario, scriptCommand } from '../../bench/perf/hex-navigation';

export const ROOT = join(__dirname, '..', '..');
export const SERVER_ARGS = ['-r', '@swc-node/register', join(ROOT, 'apps', 'server', 'src', 'main.ts')];
export const CLI_ARGS = ['-r', '@swc-node/register', join(ROOT, 'apps', 'cli', 'src', 'main.ts')];

export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env: { ...process.env, LOGBOOK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOGBOOK_RATE_LIMITS: 'off', LOGBOOK_LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  // Up once /health answers (a bounded number of tries; the process compiles TypeScript first).
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited at start-up: ${out}`);
    const ok = await fetch(`${base}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (attempt >= 600) throw new Error(`the server did not start: ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, port, child, output: () => out, exited };
}

/** What became of one request: a response (status, Retry-After), or the error the connection ended with. */
export type Fate = { status: number; retryAfter?: string; body: string } | { error: string };

/**
 * One request on a connection of its own (no keep-alive), so a refusal can only be a response
 * or a refused connection, never a request lost on a pooled socket the server had closed.
 */
export function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Fate> {
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers } },
      (res) => {
        let received = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (received += chunk));
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, body: received, ...(retryAfter === undefined ? {} : { retryAfter }) });
        });
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(text);
  });
}

export const hexScenario = (): ScenarioDefinition => {
  const parsed = parseScenario(hexNavigationScenario());
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.scenario;
};

export interface LoadGame {
  gameId: string;
  token: string;
}

export async function createLoadGames(base: string, count: number): Promise<LoadGame[]> {
  const games: LoadGame[] = [];
  for (let i = 0; i < count; i++) {
    const created = await post(base, '/games', { scenario: hexScenario(), players: [{ name: `Load ${i}` }] });
    if (!('status' in created) || created.status !== 201) throw new Error(`creating a game: ${JSON.stringify(created)}`);
    const { gameId, seats } = JSON.parse(created.body) as { gameId: string; seats: Array<{ token: string }> };
    const game = { gameId, token: seats[0].token };
    await post(base, `/games/${gameId}/commands`, { commandId: `setup-${gameId}`, ...SETUP_RESPONSE }, { authorization: `Bearer ${game.token}` });
    games.push(game);
  }
  return games;
}

export interface OrderLoad {
  /** commandIds the server answered 200 for, in the order answered. */
  acknowledged: string[];
  /** Every request sent and what became of it. */
  fates: Fate[];
  /** Stops sending (the loops end after their request in flight). */
  stop(): void;
  /** Resolves when every loop has ended. */
  done: Promise<void>;
}

/**
 * One loop per game, each sending the game's script one order at a time, as a player's page
 * would: a 503 is sent again (same commandId) once its Retry-After has passed; a refused
 * connection ends the loop (the server has gone). At most `maxRequests` per loop.
 */
export function orderLoad(base: string, games: LoadGame[], maxRequests = 5000): OrderLoad {
  const acknowledged: string[] = [];
  const fates: Fate[] = [];
  let stopped = false;
  const loop = async (game: LoadGame) => {
    let i = 0;
    for (let sent = 0; sent < maxRequests && !stopped; sent++) {
      const commandId = `load-${game.gameId}-${i}`;
      const fate = await post(base, `/games/${game.gameId}/commands`, { commandId, ...scriptCommand(i) }, { authorization: `Bearer ${game.token}` });
      fates.push(fate);
      if ('error' in fate) return;
      if (fate.status === 200) {
        acknowledged.push(commandId);
        i++;
      } else if (fate.status === 503) {
        await new Promise((resolve) => setTimeout(resolve, Number(fate.retryAfter ?? 1) * 1000));
      } else {
        throw new Error(`order ${commandId} answered ${fate.status}: ${fate.body}`);
      }
    }
  };
  const done = Promise.all(games.map(loop)).then(() => undefined);
  return {
    acknowledged,
    fates,
    stop: () => {
      stopped = true;
    },
    done,
  };
}

/** Resolves once `count` orders have been acknowledged (checked between requests, a bounded number of times). */
export async function acknowledgedAtLeast(load: OrderLoad, count: number): Promise<void> {
  for (let attempt = 0; load.acknowledged.length < count; attempt++) {
    if (attempt > 10_000) throw new Error(`only ${load.acknowledged.length} orders acknowledged`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

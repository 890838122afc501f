// The load generator of the HTTP bench, in its own process: autocannon with keep-alive
// connections, each sending the next command of a game's script (or GETs a board view).
// Input: one JSON argument; output: one JSON line.
//   { url, connections, seconds, mode: 'orders', games: [{ gameId, token, next }] }
//   { url, connections, seconds, mode: 'view', games: [{ gameId, token }] }
//   { url, connections, seconds, mode: 'health', games: [] }   (the HTTP stack's floor)
import { scriptCommand } from './hex-navigation';

// autocannon ships no type declarations: the little of its API used here.
interface Req {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
type Context = Record<string, unknown>;
interface Request extends Req {
  setupRequest(req: Req, context: Context): Req;
  onResponse(status: number, body: string, context: Context): void;
}
interface AutocannonResult {
  requests: { total: number };
  throughput: { total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;

export interface LoadGame {
  gameId: string;
  token: string;
  /** Index of the game's next script command. */
  next: number;
}

export interface LoadInput {
  url: string;
  connections: number;
  seconds: number;
  mode: 'orders' | 'view' | 'health';
  games: LoadGame[];
}

export interface LoadResult {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  bytesPerResponse: number;
  firstFailure?: string;
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2]) as LoadInput;
  // Each connection borrows a free game for one request at a time, so a game's commands go in order.
  const free = [...input.games];
  let ok = 0;
  let firstFailure: string | undefined;
  const request: Request =
    input.mode === 'orders'
      ? {
          method: 'POST',
          setupRequest: (req, context) => {
            const game = free.pop()!;
            context.game = game;
            const command = scriptCommand(game.next);
            return {
              ...req,
              path: `/games/${game.gameId}/commands`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${game.token}` },
              body: JSON.stringify({ commandId: `c-${game.next}`, ...command }),
            };
          },
          onResponse: (status, body, context) => {
            const game = context.game as LoadGame;
            if (status === 200) ok += 1;
            else firstFailure ??= `${status} ${body.slice(0, 300)}`;
            game.next += 1;
            free.push(game);
          },
        }
      : input.mode === 'health'
        ? {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: '/health' }),
            onResponse: (status, body) => {
              if (status === 200) ok += 1;
              else firstFailure ??= `${status} ${body.slice(0, 300)}`;
            },
          }
        : {
            method: 'GET',
            setupRequest: (req, context) => {
              const game = input.games[(context.n = ((context.n as number | undefined) ?? 0) + 1) % input.games.length];
              return { ...req, path: `/games/${game.gameId}`, headers: { authorization: `Bearer ${game.token}` } };
            },
            onResponse: (status, body) => {
              if (status === 200) ok += 1;
              else firstFailure ??= `${status} ${body.slice(0, 300)}`;
            },
          };
  const result = await autocannon({
    url: input.url,
    connections: input.connections,
    duration: input.seconds,
    pipelining: 1,
    requests: [request],
  });
  const out: LoadResult = {
    requests: result.requests.total,
    ok,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    perSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    firstFailure,
  };
  // The games' next commands, so the caller may continue them.
  console.log(JSON.stringify({ ...out, games: input.games }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

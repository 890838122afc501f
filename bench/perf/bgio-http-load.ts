// The load generator of the HTTP run of boardgame.io's workload, in its own process: the games'
// scripts (./bgio-workload.ts) sent over keep-alive HTTP, one command in flight at a time, game
// after game, as boardgame.io's driver sends moves. Input: one JSON argument; output: one JSON line.
//   { url, games: [{ gameId, tokens: [seat 1's, seat 2's], index }], onePerAction? }
import { Agent, request } from 'node:http';
import { workloadScript } from './bgio-workload';

export interface BgioHttpInput {
  url: string;
  games: Array<{ gameId: string; tokens: string[]; index: number }>;
  /** The scripts in one command per action (oneCommandPerAction). */
  onePerAction?: boolean;
}

export interface BgioHttpResult {
  commands: number;
  ok: number;
  failures: number;
  seconds: number;
  p50: number;
  p99: number;
  firstFailure?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(url: URL, path: string, token: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: url.hostname, port: url.port, method: 'POST', path, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2]) as BgioHttpInput;
  const url = new URL(input.url);
  const scripts = input.games.map((g) => workloadScript(g.index, input.onePerAction === true));
  const latencies: number[] = [];
  let ok = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  for (let g = 0; g < input.games.length; g++) {
    const game = input.games[g];
    const path = `/games/${game.gameId}/commands`;
    for (let i = 0; i < scripts[g].length; i++) {
      const step = scripts[g][i];
      const sent = performance.now();
      const res = await post(url, path, game.tokens[step.seat], JSON.stringify({ commandId: `c-${i}`, ...step.command }));
      latencies.push(performance.now() - sent);
      if (res.status === 200) ok += 1;
      else firstFailure ??= `${res.status} ${res.body.slice(0, 300)}`;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const result: BgioHttpResult = { commands: latencies.length, ok, failures: latencies.length - ok, seconds, p50: at(0.5), p99: at(0.99), firstFailure };
  agent.destroy();
  console.log(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

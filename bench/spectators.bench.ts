// Hostile spectators against a player: 8 spectators loop on `?at=` and `live?from=0`
// of a 10,000-event game while a player sends orders on another game. The server runs in its own
// process (rate limits off), so its peak memory (VmHWM) is its own; the player's latencies are
// measured here, end to end over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SqliteEventStore } from '@logbook/event-store';
import { gameStreamId, toNewEvents } from '@logbook/game-log';
import { applyEvent, decide, initialState, seededRng, type GameCommand } from '@logbook/rules';
import { builtInScenario } from '@logbook/content';

export interface SpectatorResult {
  events: number;
  seconds: number;
  spectators: number;
  seeks: number;
  feeds: number;
  orders: number;
  p50: number;
  p99: number;
  max: number;
  baselineMb: number;
  peakMb: number;
}

const ROOT = join(__dirname, '..');

export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Records a two-seat game of `events` events straight into the store: seat 2 toggles SetFollowShip. */
export async function recordBigGame(filename: string, events: number): Promise<string> {
  const store = new SqliteEventStore({ filename });
  const gameId = randomUUID();
  const state = initialState();
  const rng = seededRng(1);
  let revision = -1;
  let batch: ReturnType<typeof toNewEvents> = [];
  const decideAndQueue = (commandId: string, command: GameCommand, seat: number | null, extra = {}) => {
    const decided = decide(state, command, { seat, rng });
    for (const e of decided) applyEvent(state, e);
    const meta = { commandId, correlationId: commandId, causationId: commandId, seat, recordedAt: new Date().toISOString(), commandFingerprint: commandId };
    batch.push(...toNewEvents(gameId, commandId, decided, meta, extra));
  };
  const flush = async () => {
    if (batch.length === 0) return;
    await store.append(gameStreamId(gameId), batch, revision < 0 ? 'no_stream' : revision);
    revision += batch.length;
    batch = [];
  };
  const scenario = builtInScenario('first-voyage')!;
  decideAndQueue(`create-${gameId}`, { type: 'CreateGame', gameId, scenario, players: [{ name: 'A' }, { name: 'B' }], mode: 'standard' }, null, {
    seatTokens: [],
  });
  // Answer whatever the setup left pending, so the follow toggles are allowed.
  for (let i = 0; state.pending && i < 5; i++) {
    decideAndQueue(
      `answer-${i}`,
      state.pending.kind === 'plunder-choice' ? { type: 'ChoosePlunderType', cardType: 'weapon' } : { type: 'ResolveStructuralDamage' },
      state.turn!.seat,
    );
  }
  for (let i = 0; revision + batch.length + 1 < events; i++) {
    const follow = !state.characters[state.seats[1].characterId].followShip;
    decideAndQueue(`follow-${i}`, { type: 'SetFollowShip', follow }, 2);
    if (batch.length >= 500) await flush();
  }
  await flush();
  await store.close();
  return gameId;
}

export const peakRssMb = (pid: number): { rss: number; peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};

/** The server (apps/server/src/main.ts) in a process of its own on `dataDir`, once `/health` answers. */
export async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const env = {
    ...process.env,
    LOGBOOK_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOGBOOK_RATE_LIMITS: 'off',
    LOGBOOK_LOG_LEVEL: 'silent',
    LOGBOOK_MAX_FEEDS_PER_CLIENT: '64',
  };
  const child = spawn(process.execPath, ['--max-old-space-size=1024', '-r', '@swc-node/register', join(ROOT, 'apps', 'server', 'src', 'main.ts')], {
    env,
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the server did not start');
}

/** Reads a live feed until `count` events arrived (or the time is up), then leaves. */
async function readFeed(url: string, count: number, until: number): Promise<void> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let seen = 0;
  let carry = '';
  try {
    while (seen < count && Date.now() < until) {
      const { value, done } = await reader.read();
      if (done) break;
      const text = carry + decoder.decode(value, { stream: true });
      seen += text.split('\nid: ').length - 1 + (text.startsWith('id: ') ? 1 : 0);
      carry = text.slice(-8);
      if (carry.includes('\n')) carry = carry.slice(carry.lastIndexOf('\n'));
    }
  } finally {
    controller.abort();
  }
}

async function post(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely here
  return { status: res.status, json: (await res.json()) as any };
}

export async function measureSpectators(dataDir: string, options: { events?: number; spectators?: number; seconds?: number } = {}): Promise<SpectatorResult> {
  const events = options.events ?? 10_000;
  const spectators = options.spectators ?? 8;
  const seconds = options.seconds ?? 20;
  mkdirSync(dataDir, { recursive: true });
  const bigGame = await recordBigGame(join(dataDir, 'logbook.sqlite'), events);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(dataDir, port);
  try {
    // Warm: the server folds the big game once, as any first viewer would make it.
    await fetch(`${base}/games/${bigGame}`);
    const baselineMb = peakRssMb(server.pid!).rss;
    const until = Date.now() + seconds * 1000;
    let seeks = 0;
    let feeds = 0;
    const spectator = async (i: number) => {
      for (let round = 0; Date.now() < until; round++) {
        const at = Math.floor(((i * 7919 + round * 104_729) % events) / 1);
        if (process.env.BENCH_SPECTATOR_SEEKS !== '0') {
          await (await fetch(`${base}/games/${bigGame}?at=${at}`)).arrayBuffer();
          seeks += 1;
        }
        await readFeed(`${base}/games/${bigGame}/live?from=0`, events, until);
        feeds += 1;
      }
    };
    const latencies: number[] = [];
    const player = async () => {
      while (Date.now() < until) {
        const created = await post(base, '/games', { scenario: 'first-voyage', players: [{ name: 'Player' }] });
        const { gameId, seats } = created.json as { gameId: string; seats: Array<{ token: string }> };
        for (let n = 0; Date.now() < until; n++) {
          const timed = async (body: Record<string, unknown>) => {
            const started = performance.now();
            const res = await post(base, `/games/${gameId}/commands`, { commandId: `c-${n}-${String(body.type)}`, ...body }, seats[0].token);
            latencies.push(performance.now() - started);
            return res;
          };
          const res = await timed({ type: 'EndTurn' });
          if (res.status === 200 && res.json.events.some((e: { type: string }) => e.type === 'ScenarioLost')) break;
          if (res.status === 422 && res.json.rule === 'pending.response-required') {
            const chose = await timed({ type: 'ChoosePlunderType', cardType: 'weapon' });
            if (chose.status !== 200) await timed({ type: 'ResolveStructuralDamage' });
          } else if (res.status === 422 && res.json.rule === 'game.over') break;
        }
      }
    };
    const started = performance.now();
    await Promise.all([player(), ...Array.from({ length: spectators }, (_, i) => spectator(i))]);
    const elapsed = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
    return {
      events,
      seconds: elapsed,
      spectators,
      seeks,
      feeds,
      orders: latencies.length,
      p50: pct(50),
      p99: pct(99),
      max: sorted.at(-1) ?? NaN,
      baselineMb,
      peakMb: peakRssMb(server.pid!).peak,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

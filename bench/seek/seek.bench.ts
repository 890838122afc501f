// `npm run bench` — seek: median and p99 of `GET /games/:id?at=` over HTTP on a
// 10,000-event game, the memory its snapshots take, and what 16 spectators looping on `?at=`
// do to everyone else (`/health` and a player's orders on another game, timed meanwhile).
// The server runs in its own process; the clients and timers run here. Rate limits are off.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SqliteEventStore } from '@logbook/event-store';
import { DEFAULT_SNAPSHOT_EVERY, SeekIndex } from '@logbook/projections';
import { toRecordedOf } from '@logbook/projections/history/testing/played-game';
import { toDomainEvent } from '@logbook/game-log';
import { foldEvents } from '@logbook/rules';
import { playLongGame, writeLongGame, type LongGame } from './long-game';
import type { SeekIndexReport } from '../../apps/server/src/history/seek-index.service';

const SPECTATORS = Number(process.env.BENCH_SEEK_SPECTATORS ?? 16);
const SECONDS = Number(process.env.BENCH_SEEK_SECONDS ?? 8);
const SEEKS = Number(process.env.BENCH_SEEKS ?? 2000);

const ms = (n: number) => `${n.toFixed(2)} ms`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const summary = (values: number[]) =>
  `median ${ms(quantile(values, 0.5))}, p99 ${ms(quantile(values, 0.99))}, max ${ms(quantile(values, 1))} (${values.length} requests)`;

function gcFunction(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The index alone, in this process: build time, seek cost, and the heap its snapshots take. */
function inProcess(game: LongGame): void {
  const gc = gcFunction();
  const recorded = toRecordedOf(game.gameId, game.actions);
  // For scale: what `?at=` did before the index, a fresh fold of the prefix (without reading it).
  const refolds: number[] = [];
  for (let i = 0; i < 40; i++) {
    const at = Math.floor(Math.random() * recorded.length);
    const t = performance.now();
    foldEvents(recorded.slice(0, at + 1).map(toDomainEvent));
    refolds.push(performance.now() - t);
  }
  console.log(`  for scale, a fresh fold of the prefix (what ?at= did before, read excluded): ${summary(refolds)}`);
  const alive: SeekIndex[] = []; // every index stays reachable, so each heap figure is its own
  for (const every of [10, DEFAULT_SNAPSHOT_EVERY, 100, 400]) {
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const index = new SeekIndex({ snapshotEvery: every });
    for (const event of recorded) index.append(event);
    const build = performance.now() - started;
    alive.push(index);
    gc();
    gc();
    const heap = process.memoryUsage().heapUsed - before;
    const times: number[] = [];
    for (let i = 0; i < SEEKS; i++) {
      const at = Math.floor(Math.random() * (index.revision + 1));
      const t = performance.now();
      index.stateAt(at);
      times.push(performance.now() - t);
    }
    const { snapshots, snapshotBytes, eventBytes } = index.stats;
    console.log(
      `  in process, a snapshot every ${every} events: built in ${ms(build)}; ${snapshots} snapshots of ${mib(snapshotBytes)} JSON` +
        ` + ${mib(eventBytes)} of events; heap held ${mib(heap)}; seek ${summary(times)}`,
    );
  }
}

interface ServerReport {
  port: number;
  seekIndex: SeekIndexReport;
  rss: number;
  heapUsed: number;
  cpuMicros: number;
}

async function startServer(
  dataDir: string,
): Promise<{ child: ChildProcessByStdio<Writable, Readable, null>; base: string; next: () => Promise<ServerReport> }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'seek-server.ts')], {
    env: { ...process.env, LOGBOOK_DATA_DIR: dataDir, LOGBOOK_RATE_LIMITS: 'off' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse(String((await lines.next()).value)) as ServerReport;
  const { port } = await next();
  return { child, base: `http://127.0.0.1:${port}`, next };
}

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number; body: ArrayBuffer }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status, body };
}

/** A one-seat game with a long clock, for the player: returns its id and seat token. */
async function playerGame(base: string): Promise<{ gameId: string; token: string }> {
  const scenario = JSON.parse(readFileSync(join(__dirname, '../../libs/content/src/scenarios/first-voyage.json'), 'utf8'));
  const res = await fetch(`${base}/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scenario: { ...scenario, id: 'bench-long-voyage', blessings: 1000 }, players: [{ name: 'Player' }] }),
  });
  const body = (await res.json()) as { gameId: string; seats: Array<{ token: string }> };
  if (res.status !== 201) throw new Error(`creating the player's game answered ${res.status}: ${JSON.stringify(body)}`);
  return { gameId: body.gameId, token: body.seats[0].token };
}

const PLAYER_SCRIPT = ['DropAnchor', 'WeighAnchor', 'EndTurn'];
const ANSWERS = [{ type: 'ResolveStructuralDamage' }, { type: 'ChoosePlunderType', cardType: 'weapon' }];

export async function benchSeek(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'logbook-seek-bench-'));
  try {
    let started = performance.now();
    const game = playLongGame('seek-bench');
    console.log(
      `\nSeek: a ${game.events.toLocaleString('en-US')}-event game (${game.actions.length} actions) played in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const store = new SqliteEventStore({ filename: join(dir, 'logbook.sqlite') });
    await writeLongGame(store, game);
    await store.close();
    inProcess(game);

    const server = await startServer(dir);
    try {
      const url = (at: number) => `${server.base}/games/${game.gameId}?at=${at}`;
      const cold = await timed(url(Math.floor(game.events / 2)));
      if (cold.status !== 200) throw new Error(`seek answered ${cold.status}`);
      console.log(`  over HTTP, first seek (reads the log and builds the index): ${ms(cold.ms)}`);
      server.child.stdin.write('report\n');
      const before = await server.next();
      const seeks: number[] = [];
      let bytes = 0;
      for (let i = 0; i < SEEKS; i++) {
        const res = await timed(url(Math.floor(Math.random() * game.events)));
        seeks.push(res.ms);
        bytes += res.body.byteLength;
      }
      server.child.stdin.write('report\n');
      const report = await server.next();
      console.log(
        `  over HTTP, one client, random revisions: ${summary(seeks)} (target median < 2 ms, p99 < 10 ms); ${Math.round(bytes / SEEKS / 1024)} KiB per view`,
      );
      // CPU time does not grow when other processes share the cores, unlike latency.
      console.log(`  server CPU per seek (HTTP, validation, seek, view, JSON): ${ms((report.cpuMicros - before.cpuMicros) / SEEKS / 1000)}`);
      const index = report.seekIndex;
      console.log(
        `  the server's seek indexes: ${index.games} game(s), ${index.snapshots} snapshots (one every ${index.snapshotEvery} events) of ${mib(index.snapshotBytes)} JSON,` +
          ` ${mib(index.eventBytes)} of events held (budget ${mib(index.budgetBytes)}); server RSS ${mib(report.rss)}, heap ${mib(report.heapUsed)}`,
      );

      // Spectators loop on ?at= while /health and a player on another game are timed.
      const player = await playerGame(server.base);
      const idle = [];
      for (let i = 0; i < 50; i++) idle.push((await timed(`${server.base}/health`)).ms);
      const until = performance.now() + SECONDS * 1000;
      let spectatorRequests = 0;
      const spectator = async () => {
        while (performance.now() < until) {
          await timed(url(Math.floor(Math.random() * game.events)));
          spectatorRequests += 1;
        }
      };
      const health: number[] = [];
      const prober = async () => {
        while (performance.now() < until) {
          health.push((await timed(`${server.base}/health`)).ms);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const orders: number[] = [];
      let refused = 0;
      const playing = async () => {
        for (let i = 0; performance.now() < until; i++) {
          const send = (command: object, id: string) =>
            timed(`${server.base}/games/${player.gameId}/commands`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
              body: JSON.stringify({ commandId: id, ...command }),
            });
          let res = await send({ type: PLAYER_SCRIPT[i % PLAYER_SCRIPT.length] }, `p-${i}`);
          orders.push(res.ms);
          for (let a = 0; res.status === 422 && a < ANSWERS.length; a++) {
            res = await send(ANSWERS[a], `p-${i}-answer-${a}`);
            orders.push(res.ms);
          }
          if (res.status !== 200) refused += 1;
        }
      };
      started = performance.now();
      await Promise.all([...Array.from({ length: SPECTATORS }, spectator), prober(), playing()]);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  ${SPECTATORS} spectators looping on ?at= for ${seconds.toFixed(1)} s: ${Math.round(spectatorRequests / seconds).toLocaleString('en-US')} seeks/s`,
      );
      console.log(`    /health meanwhile: ${summary(health)} (idle: median ${ms(quantile(idle, 0.5))}; target: well under 1 s)`);
      console.log(`    a player's orders on another game meanwhile: ${summary(orders)}${refused ? `, ${refused} refused` : ''} (target p99 < 50 ms)`);
      server.child.stdin.write('report\n');
      const after = await server.next();
      console.log(`    server RSS after: ${mib(after.rss)}`);
    } finally {
      server.child.stdin.write('exit\n');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchSeek().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

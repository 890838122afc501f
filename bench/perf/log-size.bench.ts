// Log size and read + parse + fold time of one long match of the workload (34,840 events, the
// README's long-match figure). The match is played through the real command path on the memory store, then
// its events are appended as they were recorded to a durable SQLite file, whose rows are
// measured and read back the way the server loads a game. Prints one JSON line.
//   node -r @swc-node/register bench/perf/log-size.bench.ts
import 'reflect-metadata';
import Database from 'better-sqlite3';
import { NestFactory } from '@nestjs/core';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScenario } from '@logbook/content';
import { EVENT_STORE, SqliteEventStore, type EventStore } from '@logbook/event-store';
import { gameEventUpcasters, gameStreamId } from '@logbook/game-log';
import type { PlayCommand } from '@logbook/rules';
import { AppModule } from '../../apps/server/src/app.module';
import { GameCommandsService } from '../../apps/server/src/games/game-commands.service';
import { GameRepository } from '../../apps/server/src/games/game-repository';
import { SETUP_RESPONSE, hexNavigationScenario, scriptCommand } from './hex-navigation';

export const MATCH_EVENTS = 34_840;

export interface LogSizeResult {
  events: number;
  bytes: number;
  bytesPerEvent: number;
  /** The SQLite file after a checkpoint and VACUUM (the index on (stream, revision) included). */
  fileBytes: number;
  dataBytes: number;
  metadataBytes: number;
  /** The `texts` table (format v3): texts many rows repeat, stored once; and how many. */
  textBytes: number;
  texts: number;
  /** Median of 5: read the stream from SQLite, parse it, fold it (the server's load), in a fresh process. */
  loadMs: number;
  /** Median of 5: the fold alone, of events already read. */
  foldMs: number;
  /** The same two, in CPU time of the process (steadier on a busy machine). */
  loadCpuMs: number;
  foldCpuMs: number;
}

/** Plays the match through the command path of `service` (whatever store it records on); answers its game id. */
export async function playMatch(service: GameCommandsService): Promise<{ gameId: string; revision: number }> {
  const parsed = parseScenario(hexNavigationScenario());
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const created = await service.createGame({ scenario: parsed.scenario, players: [{ name: 'Bench' }], mode: 'standard' });
  const seat = created.seats[0].seat;
  let revision = created.revision;
  await service.execute(created.gameId, seat, 'setup-plunder', SETUP_RESPONSE as PlayCommand).catch(() => undefined);
  for (let i = 0; revision + 1 < MATCH_EVENTS; i++) {
    revision = (await service.execute(created.gameId, seat, `c-${i}`, scriptCommand(i) as PlayCommand)).revision;
  }
  return { gameId: created.gameId, revision };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'logbook-log-size-'));
  process.env.LOGBOOK_STORE = 'memory';
  process.env.LOGBOOK_RATE_LIMITS = 'off';
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  await app.init();
  const service = app.get(GameCommandsService);
  const memory = app.get<EventStore>(EVENT_STORE);
  const created = await playMatch(service);
  const streamId = gameStreamId(created.gameId);
  const recorded = await memory.readStream(streamId, { maxCount: MATCH_EVENTS });
  if (recorded.status !== 'ok') throw new Error('no stream');
  await app.close();

  const filename = join(dir, 'match.sqlite');
  const durable = new SqliteEventStore({ filename, upcasters: gameEventUpcasters() });
  let expected: number | 'no_stream' = 'no_stream';
  for (let i = 0; i < recorded.events.length; i += 500) {
    const page = recorded.events.slice(i, i + 500).map(({ id, type, data, metadata, schemaVersion }) => ({ id, type, data, metadata, schemaVersion }));
    expected = (await durable.append(streamId, page, expected)).nextExpectedRevision;
  }
  await durable.close();

  // Column bytes of the rows (docs/event-log-format.md) plus 16 a row for the record header,
  // the integer columns (position, stream, revision, type, schema_version, the text keys) and the
  // cell pointer, plus the interned stream and type names and the texts stored once (v3), 8 each
  // for their key and header.
  const db = new Database(filename);
  const sizes = db
    .prepare(
      `SELECT count(*) events, sum(ifnull(length(CAST(data AS BLOB)), 0)) data, sum(length(CAST(metadata AS BLOB))) metadata,
        sum(length(id) + 16) + (SELECT sum(length(stream_id) + 8) FROM streams) + (SELECT sum(length(type) + 8) FROM event_types) other,
        (SELECT ifnull(sum(length(CAST(text AS BLOB)) + 8), 0) FROM texts) texts, (SELECT count(*) FROM texts) textCount FROM log`,
    )
    .get() as { events: number; data: number; metadata: number; other: number; texts: number; textCount: number };
  // The file itself, index and free space included, once the WAL is folded in and it is vacuumed.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('VACUUM');
  db.close();
  const fileBytes = statSync(filename).size;

  // Measured in a process of its own, as a server starting up loads the game: not in this one,
  // whose heap still holds the match as played (that made every collection slower).
  const child = spawnSync(process.execPath, [...process.execArgv, __filename, '--measure', filename, created.gameId], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`measuring the load failed: ${child.stderr}`);
  const times = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as LoadTimes;
  rmSync(dir, { recursive: true, force: true });
  const bytes = sizes.data + sizes.metadata + sizes.other + sizes.texts;
  const result: LogSizeResult = {
    events: sizes.events,
    bytes,
    bytesPerEvent: bytes / sizes.events,
    fileBytes,
    dataBytes: sizes.data,
    metadataBytes: sizes.metadata,
    textBytes: sizes.texts,
    texts: sizes.textCount,
    ...times,
  };
  console.log(JSON.stringify(result));
}

type LoadTimes = Pick<LogSizeResult, 'loadMs' | 'foldMs' | 'loadCpuMs' | 'foldCpuMs'>;

/** Median of 5 (after one warm-up): GameRepository.load from a fresh store, and the fold alone. */
async function measureLoad(filename: string, gameId: string): Promise<LoadTimes> {
  const streamId = gameStreamId(gameId);
  const loads: number[] = [];
  const folds: number[] = [];
  const loadCpus: number[] = [];
  const foldCpus: number[] = [];
  const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;
  for (let run = 0; run < 6; run++) {
    const store = new SqliteEventStore({ filename, upcasters: gameEventUpcasters() });
    const started = performance.now();
    const cpu = process.cpuUsage();
    await new GameRepository(store).load(gameId);
    if (run > 0) loads.push(performance.now() - started);
    if (run > 0) loadCpus.push(cpuMs(process.cpuUsage(cpu)));
    const read = await store.readStream(streamId);
    const repository = new GameRepository(store);
    const game = (repository as unknown as { empty(id: string): Parameters<GameRepository['fold']>[0] }).empty(gameId);
    const foldStarted = performance.now();
    const foldCpu = process.cpuUsage();
    if (read.status === 'ok') repository.fold(game, read.events);
    if (run > 0) folds.push(performance.now() - foldStarted);
    if (run > 0) foldCpus.push(cpuMs(process.cpuUsage(foldCpu)));
    await store.close();
  }
  return { loadMs: median(loads), foldMs: median(folds), loadCpuMs: median(loadCpus), foldCpuMs: median(foldCpus) };
}

if (require.main === module && process.argv[2] === '--measure') {
  measureLoad(process.argv[3] ?? '', process.argv[4] ?? '')
    .then((times) => console.log(JSON.stringify(times)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
} else if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

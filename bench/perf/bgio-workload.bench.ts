// boardgame.io's move/turn workload (./bgio-workload.ts) through Logbook's command path in
// process: the real Nest application context, and for each command what the command route does
// besides HTTP itself — the seat guard's check of the seat token on the cached game, then
// `execute`. Child process of `npm run bench -- bgio`; prints one JSON line.
//   memory: one command in flight at a time, game after game, as boardgame.io's driver sends them
//   (`memory one-per-action`: the scripts in one command per action, oneCommandPerAction);
//   sqlite: durable SQLite with the 100 games in flight at once (one command in flight per game);
//   bare: the store alone in the same shape (two-event orders); rules: decideAndApply alone;
//   floor: the rules and the store alone, the most a server on one thread could reach.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScenario } from '@logbook/content';
import { SqliteEventStore } from '@logbook/event-store';
import {
  decideAndApply,
  initialState,
  RuleViolation,
  seededRng,
  type CreateGame,
  type GameState,
  type PlayCommand,
  type Rng,
  type ScenarioDefinition,
} from '@logbook/rules';
import { AppModule } from '../../apps/server/src/app.module';
import { GameCommandsService } from '../../apps/server/src/games/game-commands.service';
import { GameRepository } from '../../apps/server/src/games/game-repository';
import { seatOf } from '../../apps/server/src/games/seat.guard';
import { gameStreamId, toNewEvents } from '@logbook/game-log';
import { BGIO_EXPECTED, BGIO_GAMES, BGIO_ONE_PER_ACTION_COMMANDS, bgioScenario, scriptCounts, workloadScript, type ScriptStep } from './bgio-workload';
import { measureOrders } from '../orders-throughput.bench';
import { mainThreadCpuNanos, startProfile } from './command-path.bench';
import { SETUP_RESPONSE } from './hex-navigation';

export interface BgioResult {
  store: 'memory' | 'sqlite';
  /** The exact workload (StartNavigation, EndNavigation and EndTurn commands of their own), or one command per action. */
  commandsPerAction: 'workload' | 'one-per-action';
  games: number;
  commands: number;
  /** Move/turn actions (the figure boardgame.io counts). */
  actions: number;
  failures: number;
  seconds: number;
  actionsPerSecond: number;
  commandsPerSecond: number;
  microsPerCommand: number;
  cpuMicrosPerCommand: number;
  mainThreadCpuMicrosPerCommand?: number;
}

interface BenchGame {
  gameId: string;
  authorization: string[];
  script: ScriptStep[];
}

/** The bare store's figure in the same run: 100 games appending two-event orders to durable SQLite, one in flight each. */
export interface BareStoreResult {
  store: 'bare-sqlite';
  ordersPerSecond: number;
  failures: number;
}

async function bareStore(): Promise<BareStoreResult> {
  const dir = mkdtempSync(join(tmpdir(), 'logbook-bgio-bare-'));
  const rates: number[] = [];
  let failures = 0;
  // Three rounds on fresh files, the median kept, as the store bench does.
  for (let round = 0; round < 3; round++) {
    const store = new SqliteEventStore({ filename: join(dir, `orders-${round}.db`) });
    const result = await measureOrders(store, { games: BGIO_GAMES, ordersPerGame: 300, gamePrefix: 'bare-' });
    failures += result.failures;
    rates.push(result.ordersPerSecond);
    await store.close();
  }
  rmSync(dir, { recursive: true, force: true });
  return { store: 'bare-sqlite', ordersPerSecond: rates.sort((a, b) => a - b)[1], failures };
}

/** The rules alone on the same scripts: what `decideAndApply` costs a command, without the server, store or projections around it. */
export interface RulesAloneResult {
  store: 'none';
  commands: number;
  failures: number;
  /** The median of seven rounds over every game. */
  microsPerCommand: number;
}

/** A game of the workload through the rules alone, set up as the server sets it up (states not frozen, as production keeps them). */
function rulesGame(scenario: ScenarioDefinition, index: number, rng: Rng): GameState {
  const create: CreateGame = { type: 'CreateGame', gameId: `rules-${index}`, scenario, players: [{ name: 'One' }, { name: 'Two' }], mode: 'standard' };
  let state = decideAndApply(initialState(), create, { seat: null, rng }, false).state;
  for (let i = 0; i < 4; i++) {
    try {
      state = decideAndApply(state, SETUP_RESPONSE, { seat: (i % 2) + 1, rng }, false).state;
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error; // set-up waited for no plunder type
    }
  }
  return state;
}

function rulesAlone(scenario: ScenarioDefinition, scripts: ScriptStep[][]): RulesAloneResult {
  const rng = seededRng(20240601);
  const { commands } = scriptCounts(scripts);
  // Each round decides every command once: its refusals are the figure's (the last round's).
  let failures = 0;
  const round = (): number => {
    const games = scripts.map((_, index) => rulesGame(scenario, index, rng));
    failures = 0;
    const started = performance.now();
    scripts.forEach((script, index) => {
      let state = games[index];
      for (const step of script) {
        try {
          state = decideAndApply(state, step.command as PlayCommand, { seat: step.seat + 1, rng }, false).state;
        } catch {
          failures += 1;
        }
      }
    });
    return ((performance.now() - started) * 1000) / commands;
  };
  round(); // warm-up
  const rounds = Array.from({ length: 7 }, round).sort((a, b) => a - b);
  return { store: 'none', commands, failures, microsPerCommand: rounds[3] };
}

/**
 * The rules and the store alone, in the durable phase's shape: 100 games in flight, each command
 * decided by `decideAndApply` and its events appended at once (the ids and the smallest metadata
 * the server writes: its commandId, seat and time) to durable SQLite, nothing else. No server on
 * one thread can acknowledge more commands a second than this; the bench prints it beside the
 * bare store's figure, as the ceiling of the durable ratio.
 */
export interface FloorResult {
  store: 'rules+sqlite';
  commands: number;
  failures: number;
  /** The median of three rounds, each on a fresh file. */
  commandsPerSecond: number;
}

async function rulesAndStore(scenario: ScenarioDefinition, scripts: ScriptStep[][]): Promise<FloorResult> {
  const rng = seededRng(20240601);
  const dir = mkdtempSync(join(tmpdir(), 'logbook-bgio-floor-'));
  const { commands } = scriptCounts(scripts);
  const rates: number[] = [];
  let failures = 0;
  for (let round = 0; round < 3; round++) {
    const store = new SqliteEventStore({ filename: join(dir, `floor-${round}.db`) });
    const games = scripts.map((_, index) => rulesGame(scenario, index, rng));
    const started = performance.now();
    await Promise.all(
      scripts.map(async (script, index) => {
        const gameId = `floor-${index}`;
        let state = games[index];
        let expected: number | 'no_stream' = 'no_stream';
        for (let i = 0; i < script.length; i++) {
          const { seat, command } = script[i];
          try {
            const decided = decideAndApply(state, command as PlayCommand, { seat: seat + 1, rng, now: Date.now() }, false);
            const commandId = `c-${i}`;
            const events = toNewEvents(gameId, commandId, decided.events, { commandId }, { seat: seat + 1, recordedAt: new Date().toISOString() });
            expected = (await store.append(gameStreamId(gameId), events, expected)).nextExpectedRevision;
            state = decided.state;
          } catch {
            failures += 1;
            return;
          }
        }
      }),
    );
    rates.push(commands / ((performance.now() - started) / 1000));
    await store.close();
  }
  rmSync(dir, { recursive: true, force: true });
  return { store: 'rules+sqlite', commands, failures, commandsPerSecond: rates.sort((a, b) => a - b)[1] };
}

async function main(): Promise<void> {
  if (process.argv[2] === 'bare') return console.log(JSON.stringify(await bareStore()));
  if (process.argv[2] === 'rules' || process.argv[2] === 'floor') {
    const parsedScenario = parseScenario(bgioScenario());
    if (!parsedScenario.ok) throw new Error(parsedScenario.errors.join('\n'));
    const scripts = Array.from({ length: BGIO_GAMES }, (_, i) => workloadScript(i, process.argv[3] === 'one-per-action'));
    const result = process.argv[2] === 'rules' ? rulesAlone(parsedScenario.scenario, scripts) : await rulesAndStore(parsedScenario.scenario, scripts);
    return console.log(JSON.stringify(result));
  }
  const kind = process.argv[2] === 'sqlite' ? 'sqlite' : 'memory';
  const dir = mkdtempSync(join(tmpdir(), 'logbook-bgio-'));
  process.env.LOGBOOK_STORE = kind;
  process.env.LOGBOOK_DATA_DIR = dir;
  process.env.LOGBOOK_RATE_LIMITS = 'off';
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  await app.init();
  const service = app.get(GameCommandsService);
  const repository = app.get(GameRepository);
  const parsed = parseScenario(bgioScenario());
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const scenario: ScenarioDefinition = parsed.scenario;
  const onePerAction = process.argv[3] === 'one-per-action';
  const scripts = Array.from({ length: BGIO_GAMES }, (_, i) => workloadScript(i, onePerAction));
  const counts = scriptCounts(scripts);
  const expected = { ...BGIO_EXPECTED, commands: onePerAction ? BGIO_ONE_PER_ACTION_COMMANDS : BGIO_EXPECTED.commands };
  for (const key of Object.keys(expected) as Array<keyof typeof expected>) {
    if (counts[key] !== expected[key]) throw new Error(`the scripts have ${counts[key]} ${key}, not ${expected[key]}`);
  }

  // Games are created untimed; set-up may wait for a plunder type (refused, and ignored, when it does not).
  const newGame = async (script: ScriptStep[]): Promise<BenchGame> => {
    const created = await service.createGame({ scenario, players: [{ name: 'One' }, { name: 'Two' }], mode: 'standard' });
    // Each ship's plunder may wait for a type, answered by its seat, one after the other.
    for (let i = 0; i < 2 * created.seats.length; i++) {
      const seat = created.seats[i % created.seats.length].seat;
      await service.execute(created.gameId, seat, `setup-${i}`, SETUP_RESPONSE).catch(() => undefined);
    }
    return { gameId: created.gameId, authorization: created.seats.map((s) => `Bearer ${s.token}`), script };
  };
  let failures = 0;
  // The command route's work before `execute`: the seat guard's token check on the cached game.
  const send = async (game: BenchGame, i: number) => {
    const step = game.script[i];
    try {
      const loaded = repository.trusted(game.gameId) ?? (await repository.load(game.gameId));
      const seat = seatOf(loaded, game.authorization[step.seat]);
      if (seat === null) throw new Error('no seat');
      await service.execute(game.gameId, seat, `c-${i}`, step.command as PlayCommand, { loaded });
    } catch (error) {
      failures += 1;
      if (failures === 1) console.error(error);
    }
  };
  const playAll = async (game: BenchGame) => {
    for (let i = 0; i < game.script.length; i++) await send(game, i);
  };

  // Warm-up (JIT, caches) on games of their own.
  for (const script of scripts.slice(0, 10)) await playAll(await newGame(script));
  failures = 0;

  const games: BenchGame[] = [];
  for (const script of scripts) games.push(await newGame(script));
  const profile = process.env.BENCH_PROFILE ? await startProfile() : undefined;
  // BENCH_HEAP_PROFILE=<file.heapprofile>: where the measured phase allocates (V8's sampling heap profiler).
  const heapProfile = process.env.BENCH_HEAP_PROFILE ? await startProfile('heap') : undefined;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const mainCpu = mainThreadCpuNanos();
  if (kind === 'memory') {
    for (const game of games) await playAll(game);
  } else {
    await Promise.all(games.map(playAll));
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const mainCpuUsed = mainCpu === undefined ? undefined : mainThreadCpuNanos()! - mainCpu;
  if (profile) writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(await profile()));
  if (heapProfile) writeFileSync(process.env.BENCH_HEAP_PROFILE!, JSON.stringify(await heapProfile()));
  const commands = counts.commands;
  const result: BgioResult = {
    store: kind,
    commandsPerAction: onePerAction ? 'one-per-action' : 'workload',
    games: BGIO_GAMES,
    commands,
    actions: counts.moves + counts.turns,
    failures,
    seconds,
    actionsPerSecond: (counts.moves + counts.turns) / seconds,
    commandsPerSecond: commands / seconds,
    microsPerCommand: (seconds * 1e6) / commands,
    cpuMicrosPerCommand: (used.user + used.system) / commands,
    mainThreadCpuMicrosPerCommand: mainCpuUsed === undefined ? undefined : mainCpuUsed / 1000 / commands,
  };
  await app.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify(result));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

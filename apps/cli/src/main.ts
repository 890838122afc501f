// Logbook's command line, for operators: `npm run cli -- <command>`. It reads the same
// configuration as the server (LOGBOOK_DATA_DIR, LOGBOOK_STORE, EVENTSTORE_CONNECTION_STRING).
// It refuses an embedded store that a running server holds (the server's <store>.lock names it).
import 'reflect-metadata';
import { ConfigurationError, describeHolder, openEventStore, openReadModels, storeLockHolder, toAppConfig, validateEnvironment } from '@logbook/app-core';
import { GAME_STREAM_PREFIX, gameIdOf, gameStreamId, toLogEntries } from '@logbook/game-log';
import { effectiveEntries, foldEvents } from '@logbook/rules';
import { isDeepStrictEqual } from 'node:util';
import { revalidate } from './revalidate';

const USAGE = `usage: npm run cli -- <command>
  rebuild   rebuild the game-states read model from the first event, with progress
  verify    check that the read model equals a fresh fold of every game's events
  revalidate [--game <id>]
            decide every recorded command again under today's rules (with its recorded draws)
            and report per game the first action decided differently; exit 1 if any`;

const COMMANDS = ['rebuild', 'verify', 'revalidate'];

/** Progress on a terminal rewrites one line; in a log or a pipe it prints a line per 10%. */
function progressPrinter(): (handled: number, fraction: number) => void {
  if (process.stdout.isTTY) {
    return (handled, fraction) => process.stdout.write(`\rgame-states: ${handled} events, ${(fraction * 100).toFixed(1)}%`);
  }
  let next = 0;
  return (handled, fraction) => {
    if (fraction * 100 + 1e-9 < next && fraction < 1) return;
    console.log(`game-states: ${handled} events, ${(fraction * 100).toFixed(1)}%`);
    next = Math.floor(fraction * 10 + 1) * 10;
  };
}

async function main(command: string | undefined): Promise<number> {
  if (command === undefined || command === 'help' || command === '--help') {
    console.error(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (!COMMANDS.includes(command)) {
    console.error(`unknown command: ${command}\n${USAGE}`);
    return 2;
  }
  const config = toAppConfig(validateEnvironment(process.env));
  if (config.store.kind === 'sqlite') {
    // One process writes a SQLite file: never run beside the server that holds it.
    const holder = storeLockHolder(config.store.filename);
    if (holder) {
      console.error(`logbook: ${describeHolder(config.store.filename, holder)}`);
      return 3;
    }
  }
  const store = openEventStore(config.store);
  if (command === 'revalidate') {
    const args = process.argv.slice(3);
    const at = args.indexOf('--game');
    if ((args.length > 0 && at !== 0) || (at === 0 && (args.length !== 2 || !args[1]))) {
      console.error(USAGE);
      await store.close();
      return 2;
    }
    try {
      const summary = await revalidate(store, at === 0 ? { gameId: args[1] } : {}, (line) => console.log(line));
      return summary.differ === 0 ? 0 : 1;
    } finally {
      await store.close();
    }
  }
  const readModels = openReadModels(store, config.readModels);
  try {
    if (command === 'rebuild') {
      const started = Date.now();
      const print = progressPrinter();
      const handled = await readModels.runners['game-states'].rebuild((p) => print(p.handled, p.fraction));
      const seconds = (Date.now() - started) / 1000;
      console.log(`${process.stdout.isTTY ? '\n' : ''}rebuilt game-states from ${handled} events in ${seconds.toFixed(1)} s`);
      return 0;
    }
    const runner = readModels.runners['game-states'];
    await runner.start();
    const last = await store.lastPosition();
    if (last !== undefined) await runner.whenHandled(last);
    const gameIds = new Set((await store.readAll({ filter: { eventTypes: ['GameCreated', 'GameForked'], streamPrefixes: [GAME_STREAM_PREFIX] } })).map((e) => gameIdOf(e.streamId)));
    let mismatches = 0;
    for (const gameId of gameIds) {
      const stream = await store.readStream(gameStreamId(gameId));
      if (stream.status !== 'ok') continue;
      const fresh = foldEvents(effectiveEntries(toLogEntries(stream.events)).map((e) => e.event));
      if (!isDeepStrictEqual(readModels.gameStates.get(gameId)?.state, fresh)) {
        mismatches += 1;
        console.log(`mismatch: game ${gameId}`);
      }
    }
    console.log(`verified ${gameIds.size} games: ${mismatches} mismatches`);
    return mismatches === 0 ? 0 : 1;
  } finally {
    await readModels.close();
    await store.close();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigurationError) for (const problem of error.problems) console.error(`logbook: configuration: ${problem}`);
    else console.error(`logbook: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    process.exit(1);
  },
);

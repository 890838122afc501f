// Logbook's command line, for operators: `npm run cli -- <command>`. It reads the same
// configuration as the server (LOGBOOK_DATA_DIR, LOGBOOK_STORE, EVENTSTORE_CONNECTION_STRING).
// Stop the server first when it uses the embedded store: one process writes a SQLite file.
import 'reflect-metadata';
import { openEventStore, openReadModels, toAppConfig, validateEnvironment } from '@logbook/app-core';
import { GAME_STREAM_PREFIX, gameIdOf, gameStreamId, toLogEntries } from '@logbook/game-log';
import { effectiveEntries, foldEvents } from '@logbook/rules';
import { isDeepStrictEqual } from 'node:util';

const USAGE = `usage: npm run cli -- <command>
  rebuild   rebuild the game-states read model from the first event, with progress
  verify    check that the read model equals a fresh fold of every game's events`;

async function main(command: string | undefined): Promise<number> {
  if (command !== 'rebuild' && command !== 'verify') {
    console.error(USAGE);
    return 2;
  }
  const config = toAppConfig(validateEnvironment(process.env));
  const store = openEventStore(config.store);
  const readModels = openReadModels(store, config.readModels);
  try {
    if (command === 'rebuild') {
      const started = Date.now();
      const handled = await readModels.runners['game-states'].rebuild((p) => {
        process.stdout.write(`\rgame-states: ${p.handled} events, ${(p.fraction * 100).toFixed(1)}%`);
      });
      const seconds = (Date.now() - started) / 1000;
      console.log(`\nrebuilt game-states from ${handled} events in ${seconds.toFixed(1)} s`);
      return 0;
    }
    const runner = readModels.runners['game-states'];
    await runner.start();
    const last = await store.lastPosition();
    if (last !== undefined) await runner.whenHandled(last);
    const gameIds = new Set((await store.readAll({ filter: { eventTypes: ['GameCreated'], streamPrefixes: [GAME_STREAM_PREFIX] } })).map((e) => gameIdOf(e.streamId)));
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
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

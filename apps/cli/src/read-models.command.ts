// `rebuild [name]` and `verify [name]`: every read model (or the one named) rebuilt from the
// first event with progress, or checked against a fresh fold of every game's events.
import { toAppConfig, validateEnvironment, type ReadModels } from '@logbook/app-core';
import { Argument, type Command } from 'commander';
import type { EventStore, RecordedEvent } from '@logbook/event-store';
import { effectiveState, gameStreamId } from '@logbook/game-log';
import { foldAnalyticsLog, type AnalyticsFold } from '@logbook/projections';
import { isDeepStrictEqual } from 'node:util';
import type { CliCommand } from './cli-command';
import { storedGameIds } from './stored-games';
import { rebuildOnline } from './online-rebuild';

export type ReadModelName = keyof ReadModels['runners'];
export const READ_MODEL_NAMES: ReadModelName[] = ['game-states', 'analytics'];

const readModelArgument = (): Argument => new Argument('[read-model]', 'the read model, or all of them').choices([...READ_MODEL_NAMES, 'all']).default('all');

/** The read models the command's argument names (commander has checked it is one of the choices). */
const namesOf = (command: Command): ReadModelName[] => {
  const name = command.processedArgs[0] as ReadModelName | 'all';
  return name === 'all' ? READ_MODEL_NAMES : [name];
};

export const rebuildCommand: CliCommand = {
  name: 'rebuild',
  summary: 'rebuild read models from the first event, with progress (--online: the running server does it without downtime)',
  declare: (command) =>
    command
      .addArgument(readModelArgument())
      .option('--online', 'ask the running server to build the new read model beside the live one and switch when caught up (needs LOGBOOK_ADMIN_TOKEN)')
      .option('--server <url>', 'the running server (default LOGBOOK_SERVER_URL, else http://127.0.0.1:<PORT>)'),
  run: (context, command) => {
    const options = command.opts<{ online?: boolean; server?: string }>();
    if (!options.online) return rebuild(context.readModels(), namesOf(command));
    // The server holds the store: the store is never opened here.
    const config = toAppConfig(validateEnvironment(process.env));
    return rebuildOnline(namesOf(command), { serverUrl: options.server ?? config.serverUrl, adminToken: config.adminToken });
  },
};

export const verifyCommand: CliCommand = {
  name: 'verify',
  summary: "check read models against a fresh fold of every game's events; exit 1 on a mismatch",
  declare: (command) => command.addArgument(readModelArgument()),
  run: (context, command) => verify(context.store(), context.readModels(), namesOf(command)),
};

/** Progress on a terminal rewrites one line; in a log or a pipe it prints a line per 10%. */
function progressPrinter(name: string): (handled: number, fraction: number) => void {
  if (process.stdout.isTTY) {
    return (handled, fraction) => process.stdout.write(`\r${name}: ${handled} events, ${(fraction * 100).toFixed(1)}%`);
  }
  let next = 0;
  return (handled, fraction) => {
    if (fraction * 100 + 1e-9 < next && fraction < 1) return;
    console.log(`${name}: ${handled} events, ${(fraction * 100).toFixed(1)}%`);
    next = Math.floor(fraction * 10 + 1) * 10;
  };
}

export async function rebuild(readModels: ReadModels, names: ReadModelName[]): Promise<number> {
  for (const name of names) {
    const started = Date.now();
    const print = progressPrinter(name);
    const handled = await readModels.runners[name].rebuild((p) => print(p.handled, p.fraction));
    const seconds = (Date.now() - started) / 1000;
    console.log(`${process.stdout.isTTY ? '\n' : ''}rebuilt ${name} from ${handled} events in ${seconds.toFixed(1)} s`);
  }
  return 0;
}

/** The position of the last event of any game: what the read models must have handled. */
async function lastGamePosition(store: EventStore, gameIds: Iterable<string>): Promise<bigint | undefined> {
  let last: bigint | undefined;
  for (const gameId of gameIds) {
    const tail = await store.readStream(gameStreamId(gameId), { direction: 'backwards', maxCount: 1 });
    const position = tail.status === 'ok' ? tail.events[0]?.position : undefined;
    if (position !== undefined && (last === undefined || position > last)) last = position;
  }
  return last;
}

/**
 * Why a game's analytics differ from a fresh fold of its log (undefined: they agree). The revision
 * is also held against the log's own last one, so a fold that lags the game is caught even when
 * the fresh fold would lag the same way.
 */
function analyticsDifference(stored: AnalyticsFold | undefined, gameId: string, log: RecordedEvent[]): string | undefined {
  const revision = log[log.length - 1]?.revision ?? -1;
  if (stored !== undefined && stored.figures.revision !== revision) return ` (figures at revision ${stored.figures.revision}, the game at ${revision})`;
  return isDeepStrictEqual(stored, foldAnalyticsLog(gameId, log)) ? undefined : '';
}

export async function verify(store: EventStore, readModels: ReadModels, names: ReadModelName[]): Promise<number> {
  const gameIds = new Set(await storedGameIds(store));
  // Not the store's last position: the read models follow game streams only, and another
  // stream's event at the end would never be handled.
  const last = await lastGamePosition(store, gameIds);
  for (const name of names) {
    await readModels.runners[name].start();
    if (last !== undefined) await readModels.runners[name].whenHandled(last);
  }
  let failed = 0;
  for (const name of names) {
    let mismatches = 0;
    for (const gameId of gameIds) {
      const stream = await store.readStream(gameStreamId(gameId));
      if (stream.status !== 'ok') continue;
      const difference =
        name === 'game-states'
          ? isDeepStrictEqual((await readModels.gameStates.get(gameId))?.state, effectiveState(stream.events))
            ? undefined
            : ''
          : analyticsDifference(await readModels.analytics.get(gameId), gameId, stream.events);
      if (difference !== undefined) {
        mismatches += 1;
        console.log(`${name} mismatch: game ${gameId}${difference}`);
      }
    }
    console.log(
      name === 'game-states'
        ? `verified ${gameIds.size} games: ${mismatches} mismatches`
        : `verified ${name} of ${gameIds.size} games: ${mismatches} mismatches`,
    );
    if (mismatches > 0) failed += 1;
  }
  return failed === 0 ? 0 : 1;
}

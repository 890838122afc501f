// Logbook's command line, for operators: `npm run cli -- <command>`. It reads the same
// configuration as the server (LOGBOOK_DATA_DIR, LOGBOOK_STORE, EVENTSTORE_CONNECTION_STRING).
// It refuses an embedded store that a running server holds (the server's <store>.lock names it).
import 'reflect-metadata';
import {
  ConfigurationError,
  describeHolder,
  openEventStore,
  openReadModels,
  openSnapshotStore,
  storeLockHolder,
  toAppConfig,
  validateEnvironment,
  type ReadModels,
  type SnapshotStore,
} from '@logbook/app-core';
import type { EventStore } from '@logbook/event-store';
import { Command, CommanderError } from 'commander';
import { EXIT, EXIT_CODES_HELP, type CliCommand, type CliContext } from './cli-command';
import { COMMANDS } from './commands';

/** The store is held by a running server: the command must not open it. */
class StoreHeldError extends Error {}

/** Opens the store and read models on first use, and closes what it opened. */
function openContext(): CliContext & { close(): Promise<void> } {
  let store: EventStore | undefined;
  let readModels: ReadModels | undefined;
  let snapshots: SnapshotStore | null | undefined;
  const config = () => toAppConfig(validateEnvironment(process.env));
  const context = {
    store(): EventStore {
      if (store) return store;
      const { store: storeConfig, personalDataKeys } = config();
      if (storeConfig.kind === 'sqlite') {
        // One process writes a SQLite file: never run beside the server that holds it.
        const holder = storeLockHolder(storeConfig.filename);
        if (holder) throw new StoreHeldError(describeHolder(storeConfig.filename, holder));
      }
      return (store = openEventStore(storeConfig, personalDataKeys));
    },
    readModels(): ReadModels {
      return (readModels ??= openReadModels(context.store(), config().readModels));
    },
    snapshots(): SnapshotStore | null {
      if (snapshots === undefined) snapshots = openSnapshotStore(config().snapshots);
      return snapshots;
    },
    async close(): Promise<void> {
      snapshots?.close();
      await readModels?.close();
      await store?.close();
    },
  };
  return context;
}

async function runCommand(entry: CliCommand, command: Command): Promise<number> {
  const context = openContext();
  try {
    return await entry.run(context, command);
  } finally {
    await context.close();
  }
}

/** The program, built from the command table; `result.code` is set by the command that ran. */
function program(result: { code: number }): Command {
  const root = new Command('npm run cli --')
    .description("Logbook's command line for operators. It reads the server's LOGBOOK_* configuration.")
    .exitOverride()
    .showHelpAfterError('(add --help for the usage)')
    .addHelpText('after', EXIT_CODES_HELP);
  for (const entry of COMMANDS) {
    const command = root
      .command(entry.name)
      .description(entry.summary)
      .exitOverride()
      .showHelpAfterError(`(npm run cli -- ${entry.name} --help for its usage)`);
    entry.declare(command);
    command.addHelpText('after', EXIT_CODES_HELP).action(async (...received: unknown[]) => {
      result.code = await runCommand(entry, received[received.length - 1] as Command);
    });
  }
  // A typo of a command says so in the words operators' scripts look for, with the usage.
  root.on('command:*', ([name]: string[]) => {
    console.error(`unknown command: ${name}`);
    root.outputHelp({ error: true });
    throw new CommanderError(EXIT.usage, 'commander.unknownCommand', `unknown command: ${name}`);
  });
  return root;
}

async function main(argv: string[]): Promise<number> {
  const result = { code: EXIT.ok as number };
  try {
    await program(result).parseAsync(argv, { from: 'user' });
    return result.code;
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // Help asked for is a success; anything else commander refused is a usage error (its message
    // is already printed), and so is no command at all.
    return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? EXIT.ok : EXIT.usage;
  }
}

let finished = false;
// A command that waits on something that never comes must not end quietly with exit code 0.
process.on('beforeExit', () => {
  if (finished) return;
  console.error('logbook: the command stopped with nothing left to wait for, before it finished');
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => {
    finished = true;
    process.exit(code);
  },
  (error: unknown) => {
    finished = true;
    if (error instanceof StoreHeldError) {
      console.error(`logbook: ${error.message}`);
      process.exit(EXIT.storeHeld);
    }
    if (error instanceof ConfigurationError) for (const problem of error.problems) console.error(`logbook: configuration: ${problem}`);
    else console.error(`logbook: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    process.exit(EXIT.problem);
  },
);

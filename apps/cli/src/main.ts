// Logbook's command line, for operators: `npm run cli -- <command>`. It reads the same
// configuration as the server (LOGBOOK_DATA_DIR, LOGBOOK_STORE, EVENTSTORE_CONNECTION_STRING).
// It refuses an embedded store that a running server holds (the server's <store>.lock names it).
import 'reflect-metadata';
import { ConfigurationError, describeHolder, openEventStore, openReadModels, storeLockHolder, toAppConfig, validateEnvironment } from '@logbook/app-core';
import { BACKUP_USAGE, backup } from './backup.command';
import { parseReadModelNames, rebuild, verify } from './read-models.command';
import { report } from './report.command';
import { RESTORE_USAGE, restore } from './restore.command';
import { revalidate } from './revalidate';
import { parseSimulateArgs, simulate } from './simulate.command';

const USAGE = `usage: npm run cli -- <command>
  rebuild [game-states|analytics|all]   rebuild read models from the first event, with progress
  verify  [game-states|analytics|all]   check read models against a fresh fold of every game's events
  revalidate [--game <id>]
            decide every recorded command again under today's rules (with its recorded draws)
            and report per game the first action decided differently; exit 1 if any
  simulate --scenario <id> --games N --players K --bot random|idle|greedy --seed S
                                        play whole games with bots and record them in the store
  report [--scenario id] [--out dir] [--simulated yes|no]
                                        analytics as tables, and SVG charts written to --out
${BACKUP_USAGE}
${RESTORE_USAGE}`;

const COMMANDS = ['rebuild', 'verify', 'revalidate', 'simulate', 'report', 'backup', 'restore'];

/** `--name value` pairs after the command. */
const flagsOf = (args: string[]): Map<string, string> | string => {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i] ?? '';
    const value = args[i + 1];
    if (!name.startsWith('--') || value === undefined) return `expected --name value pairs, got "${args.slice(i).join(' ')}"`;
    flags.set(name.slice(2), value);
  }
  return flags;
};

async function main([command, ...args]: string[]): Promise<number> {
  if (command === undefined || command === 'help' || command === '--help') {
    console.error(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (!COMMANDS.includes(command)) {
    console.error(`unknown command: ${command}\n${USAGE}`);
    return 2;
  }
  const names = command === 'rebuild' || command === 'verify' ? parseReadModelNames(args[0]) : [];
  const flags = command === 'simulate' || command === 'report' ? flagsOf(args) : new Map<string, string>();
  const simulateArgs = command === 'simulate' && typeof flags !== 'string' ? parseSimulateArgs(flags) : undefined;
  for (const problem of [names, flags, simulateArgs]) {
    if (typeof problem === 'string') {
      console.error(`${problem}\n${USAGE}`);
      return 2;
    }
  }
  const config = toAppConfig(validateEnvironment(process.env));
  // Beside a live server: a backup only reads its store; a restore writes only into an empty folder.
  if (command === 'backup') return backup(args, config);
  if (command === 'restore') return restore(args, config);
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
    if (command === 'rebuild') return await rebuild(readModels, names as Exclude<typeof names, string>);
    if (command === 'verify') return await verify(store, readModels, names as Exclude<typeof names, string>);
    if (command === 'simulate') return await simulate(store, simulateArgs as Exclude<typeof simulateArgs, string | undefined>);
    return await report(store, readModels, flags as Map<string, string>);
  } finally {
    await readModels.close();
    await store.close();
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
    if (error instanceof ConfigurationError) for (const problem of error.problems) console.error(`logbook: configuration: ${problem}`);
    else console.error(`logbook: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    process.exit(1);
  },
);

// Logbook's command line, for operators: `npm run cli -- <command>`. It reads the same
// configuration as the server (LOGBOOK_DATA_DIR, LOGBOOK_STORE, EVENTSTORE_CONNECTION_STRING).
// Stop the server first when it uses the embedded store: one process writes a SQLite file.
import 'reflect-metadata';
import { openEventStore, openReadModels, toAppConfig, validateEnvironment } from '@logbook/app-core';
import { parseReadModelNames, rebuild, verify } from './read-models.command';
import { report } from './report.command';
import { parseSimulateArgs, simulate } from './simulate.command';

const USAGE = `usage: npm run cli -- <command>
  rebuild [game-states|analytics|all]   rebuild read models from the first event, with progress
  verify  [game-states|analytics|all]   check read models against a fresh fold of every game's events
  simulate --scenario <id> --games N --players K --bot random|idle|greedy --seed S
                                        play whole games with bots and record them in the store
  report [--scenario id] [--out dir] [--simulated yes|no]
                                        analytics as tables, and SVG charts written to --out`;

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
  const known = ['rebuild', 'verify', 'simulate', 'report'];
  if (command === undefined || !known.includes(command)) {
    console.error(USAGE);
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
  const store = openEventStore(config.store);
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
  console.error('the command stopped with nothing left to wait for, before it finished');
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => {
    finished = true;
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

// `backup <file>`: a consistent copy of the embedded event store, taken while a server runs and
// writes (it holds the store's lock for writes; a backup only reads). The read models are not
// copied: they are a fold of the log, and `restore` rebuilds them from the copy, which also
// proves that every game in it folds (a copy of them would be a second snapshot, taken at
// another instant than the log's). The personal-data keys are copied beside it (`<file>-keys`):
// without them the backup's names would read as erased; a key forgotten before the backup is in
// neither copy.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PERSONAL_DATA_KEYS_FILE, restrictToOwner, toAppConfig, validateEnvironment, type AppConfig } from '@logbook/app-core';
import type { CliCommand } from './cli-command';
import { checkStoreFile, copyStoreFile } from './store-file';

export const backupCommand: CliCommand = {
  name: 'backup',
  summary: 'copy the embedded event store, even while a server runs and writes (SQLite store only)',
  declare: (command) => command.argument('<file>', 'where the copy is written (never over an existing file)'),
  // The context's store is never opened: a backup reads the file beside the server that holds it.
  run: (_context, command) => backup([command.processedArgs[0] as string], toAppConfig(validateEnvironment(process.env))),
};

export async function backup(args: string[], config: AppConfig, print: (line: string) => void = console.log): Promise<number> {
  if (args.length !== 1 || args[0].startsWith('--')) {
    console.error(`usage: npm run cli -- backup <file>`);
    return 2;
  }
  if (config.store.kind !== 'sqlite' || config.store.filename === ':memory:') {
    const why = config.store.kind === 'eventstoredb' ? 'EventStoreDB is backed up with its own tools' : 'a memory store keeps nothing to back up';
    console.error(`logbook: backup copies the embedded SQLite store; ${why}`);
    return 2;
  }
  const source = config.store.filename;
  const target = resolve(args[0]);
  if (!existsSync(source)) {
    console.error(`logbook: there is no event store at ${source} (LOGBOOK_DATA_DIR)`);
    return 1;
  }
  if (existsSync(target)) {
    console.error(`logbook: ${target} exists; a backup never overwrites a file`);
    return 3;
  }
  const keysTarget = backupKeysFile(target);
  if (existsSync(keysTarget)) {
    console.error(`logbook: ${keysTarget} exists; a backup never overwrites a file`);
    return 3;
  }
  // Written aside and renamed when checked: a file named as the backup is always a whole one.
  const partial = `${target}.partial-${process.pid}`;
  const partialKeys = `${keysTarget}.partial-${process.pid}`;
  try {
    // The keys first: a key made after this copy seals only names of games the log copy lacks.
    const keys = join(dirname(source), PERSONAL_DATA_KEYS_FILE);
    if (existsSync(keys)) {
      await copyStoreFile(keys, partialKeys);
      restrictToOwner(partialKeys);
    }
    await copyStoreFile(source, partial);
    restrictToOwner(partial);
    const { problems, schemaVersion } = checkStoreFile(partial);
    if (problems.length > 0) {
      for (const problem of problems) console.error(`logbook: the copy failed its check: ${problem}`);
      return 1;
    }
    if (existsSync(partialKeys)) renameSync(partialKeys, keysTarget);
    renameSync(partial, target);
    print(`backup: ${target}: ${(statSync(target).size / 2 ** 20).toFixed(1)} MB, schema v${schemaVersion}, integrity ok`);
    return 0;
  } finally {
    rmSync(partial, { force: true });
    rmSync(partialKeys, { force: true });
  }
}

/** Where a backup's personal-data keys are written, beside it. */
export const backupKeysFile = (backup: string): string => `${backup}-keys`;

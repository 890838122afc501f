// `restore <file> [--data-dir <dir>]`: checks a backup and installs it as the event store of an
// empty data folder, with read models rebuilt from it. Never into a folder that holds anything
// (a store, a server's lock, read models): a restore must not mix two histories.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  describeHolder,
  openEventStore,
  openReadModels,
  PERSONAL_DATA_KEYS_FILE,
  restrictToOwner,
  storeLockHolder,
  toAppConfig,
  validateEnvironment,
  type AppConfig,
} from '@logbook/app-core';
import type { CliCommand } from './cli-command';
import type { EventStore } from '@logbook/event-store';
import { backupKeysFile } from './backup.command';
import { checkStoreFile, copyStoreFile } from './store-file';

export const restoreCommand: CliCommand = {
  name: 'restore',
  summary: 'check a backup and install it into an empty data folder, rebuilding the read models',
  declare: (command) =>
    command.argument('<file>', 'a backup written by `backup`').option('--data-dir <dir>', 'the empty folder it is installed into (default: LOGBOOK_DATA_DIR)'),
  run: (_context, command) => {
    const { dataDir } = command.opts<{ dataDir?: string }>();
    const file = command.processedArgs[0] as string;
    return restore(dataDir === undefined ? [file] : [file, '--data-dir', dataDir], toAppConfig(validateEnvironment(process.env)));
  },
};

const STORE_FILE = 'logbook.sqlite';
const READ_MODELS_FILE = 'read-models.sqlite';
const PAGE = 1000;
const PAGE_BYTES = 32 * 1024 * 1024;

/** Every event reads back (decoded, upcast, shared values in place), positions rise, each stream's revisions run 0, 1, 2…; the problems found. */
async function verifyEvents(store: EventStore): Promise<{ events: number; streams: number; problems: string[] }> {
  const next = new Map<string, number>();
  const problems: string[] = [];
  let events = 0;
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ fromPosition: after, maxCount: PAGE, maxBytes: PAGE_BYTES });
    if (page.length === 0) break;
    for (const event of page) {
      if (after !== undefined && event.position <= after) problems.push(`position ${event.position} follows ${after}`);
      const expected = next.get(event.streamId) ?? 0;
      if (event.revision !== expected) problems.push(`${event.streamId}: revision ${event.revision} where ${expected} was due`);
      next.set(event.streamId, event.revision + 1);
      after = event.position;
      events++;
      if (problems.length >= 10) return { events, streams: next.size, problems };
    }
  }
  return { events, streams: next.size, problems };
}

export async function restore(args: string[], config: AppConfig, print: (line: string) => void = console.log): Promise<number> {
  const [file, ...rest] = args;
  const dataDirFlag = rest[0] === '--data-dir' && rest.length === 2 ? rest[1] : undefined;
  if (file === undefined || file.startsWith('--') || (rest.length > 0 && dataDirFlag === undefined)) {
    console.error('usage: npm run cli -- restore <file> [--data-dir <dir>]');
    return 2;
  }
  if (dataDirFlag === undefined && (config.store.kind !== 'sqlite' || config.store.filename === ':memory:')) {
    console.error(`logbook: restore installs an embedded SQLite store (LOGBOOK_STORE=${config.store.kind}); name the folder with --data-dir`);
    return 2;
  }
  const dataDir = resolve(dataDirFlag ?? dirname((config.store as { filename: string }).filename));
  const source = resolve(file);
  const holder = storeLockHolder(join(dataDir, STORE_FILE));
  if (holder) {
    console.error(`logbook: ${describeHolder(join(dataDir, STORE_FILE), holder)}`);
    return 3;
  }
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    console.error(`logbook: ${dataDir} is not empty; restore installs a backup into an empty data folder only`);
    return 3;
  }
  const checked = checkStoreFile(source);
  if (checked.problems.length > 0) {
    for (const problem of checked.problems) console.error(`logbook: the backup failed its check: ${problem}`);
    return 1;
  }
  // Built beside the data folder and renamed into place: a failed restore leaves nothing behind.
  const staging = `${dataDir}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    const storeFile = join(staging, STORE_FILE);
    await copyStoreFile(source, storeFile);
    restrictToOwner(storeFile);
    // A backup without its keys file restores with every sealed name erased.
    if (existsSync(backupKeysFile(source))) {
      const keysFile = join(staging, PERSONAL_DATA_KEYS_FILE);
      await copyStoreFile(backupKeysFile(source), keysFile);
      restrictToOwner(keysFile);
    } else print(`restore: no ${backupKeysFile(source)} beside the backup: every sealed name reads as "erased player"`);
    const store = openEventStore({ kind: 'sqlite', filename: storeFile });
    try {
      const verified = await verifyEvents(store);
      if (verified.problems.length > 0) {
        for (const problem of verified.problems) console.error(`logbook: the backup's events do not verify: ${problem}`);
        return 1;
      }
      print(`restore: ${verified.events} events in ${verified.streams} streams read back, in order`);
      const readModels = openReadModels(store, { kind: 'sqlite', filename: join(staging, READ_MODELS_FILE) });
      try {
        for (const [name, runner] of Object.entries(readModels.runners)) print(`restore: read model ${name} rebuilt from ${await runner.rebuild()} events`);
      } finally {
        await readModels.close();
      }
    } finally {
      await store.close();
    }
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(staging, dataDir);
    print(`restore: ${source} installed in ${dataDir}`);
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

// `backup` while a server process writes, and `restore` into an empty data folder: the copy
// verifies, holds every order acknowledged before the backup began, and the server went on
// writing during it; restore refuses a folder that holds anything and a damaged file.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openEventStore } from '@logbook/app-core';
import { gameStreamId } from '@logbook/game-log';
import { SqliteCheckpointStore } from '@logbook/projections';
import { newDataDir, removeDataDir } from './support/app';
import { CLI_ARGS, ROOT, acknowledgedAtLeast, createLoadGames, orderLoad, startServerProcess } from './support/server-process';

jest.setTimeout(180_000);

const run = promisify(execFile);
const cli = (args: string[], dataDir: string) =>
  run(process.execPath, [...CLI_ARGS, ...args], { cwd: ROOT, env: { ...process.env, LOGBOOK_DATA_DIR: dataDir }, timeout: 120_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe('backup and restore', () => {
  let root: string;
  beforeAll(() => {
    root = newDataDir();
  });
  afterAll(() => removeDataDir(root));

  it('a backup taken while the server writes restores to a store that verifies and holds every order acknowledged before it began', async () => {
    const dataDir = join(root, 'live');
    const backupFile = join(root, 'logbook-backup.sqlite');
    const server = await startServerProcess(dataDir);
    const games = await createLoadGames(server.base, 4);
    const load = orderLoad(server.base, games);
    let acknowledgedBefore: string[];
    try {
      await acknowledgedAtLeast(load, 60);
      acknowledgedBefore = [...load.acknowledged];
      const taken = await cli(['backup', backupFile], dataDir);
      expect(taken).toMatchObject({ code: 0 });
      expect(taken.stdout).toMatch(/^backup: .*logbook-backup\.sqlite: [\d.]+ MB, schema v3, integrity ok$/m);
      // The server was never stopped nor held back: orders go on being acknowledged.
      await acknowledgedAtLeast(load, load.acknowledged.length + 20);
      // A second backup never overwrites the first.
      expect(await cli(['backup', backupFile], dataDir)).toMatchObject({ code: 3 });
    } finally {
      load.stop();
      await load.done;
      server.child.kill('SIGTERM');
      await server.exited;
    }

    const restored = join(root, 'restored');
    const installed = await cli(['restore', backupFile, '--data-dir', restored], join(root, 'unused'));
    expect(installed).toMatchObject({ code: 0 });
    expect(installed.stdout).toMatch(/^restore: \d+ events in \d+ streams read back, in order$/m);
    expect(installed.stdout).toMatch(/^restore: read model game-states rebuilt from \d+ events$/m);
    expect(existsSync(`${restored}.restoring-${process.pid}`)).toBe(false);

    const store = openEventStore({ kind: 'sqlite', filename: join(restored, 'logbook.sqlite') });
    try {
      const recorded = new Set<string>();
      for (const game of games) {
        const log = await store.readStream(gameStreamId(game.gameId));
        if (log.status !== 'ok') throw new Error(`no log for ${game.gameId}`);
        for (const event of log.events) recorded.add(String(event.metadata?.commandId));
      }
      expect(acknowledgedBefore.filter((commandId) => !recorded.has(commandId))).toEqual([]);
      // The read models were rebuilt up to the copy's last game event.
      const last = await store.lastPosition({ streamPrefixes: ['game-'] });
      const checkpoints = new SqliteCheckpointStore({ filename: join(restored, 'read-models.sqlite') });
      try {
        expect(await checkpoints.load('game-states')).toBe(last);
      } finally {
        await checkpoints.close();
      }
    } finally {
      await store.close();
    }
    // And they agree with a fresh fold of every game, as the command line checks them.
    expect(await cli(['verify'], restored)).toMatchObject({ code: 0 });
  });

  it('restore refuses a folder that holds anything, and a damaged or foreign file, changing nothing', async () => {
    const backupFile = join(root, 'logbook-backup.sqlite');
    const full = join(root, 'full');
    mkdirSync(full, { recursive: true });
    writeFileSync(join(full, 'notes.txt'), 'mine\n');
    const intoFull = await cli(['restore', backupFile, '--data-dir', full], full);
    expect(intoFull.code).toBe(3);
    expect(intoFull.stderr).toMatch(/is not empty/);
    expect(readFileSync(join(full, 'notes.txt'), 'utf8')).toBe('mine\n');

    const damaged = join(root, 'damaged.sqlite');
    const bytes = readFileSync(backupFile);
    bytes.fill(0x5a, 4096, Math.min(bytes.length, 4096 * 3));
    writeFileSync(damaged, bytes);
    const empty = join(root, 'empty');
    const fromDamaged = await cli(['restore', damaged, '--data-dir', empty], empty);
    expect(fromDamaged.code).toBe(1);
    expect(fromDamaged.stderr).toMatch(/the backup failed its check/);
    expect(existsSync(empty)).toBe(false);

    const foreign = join(root, 'foreign.txt');
    writeFileSync(foreign, 'not a database at all, just some words\n'.repeat(200));
    const fromForeign = await cli(['restore', foreign, '--data-dir', empty], empty);
    expect(fromForeign.code).toBe(1);
    expect(existsSync(empty)).toBe(false);
  });
});

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createGame, play } from './support/api';
import { removeDataDir, startApp } from './support/app';

const run = promisify(execFile);
const CLI = ['-r', '@swc-node/register', join(__dirname, '..', 'apps', 'cli', 'src', 'main.ts')];

describe('the command line', () => {
  it('rebuilds the read model with progress and verifies it against fresh folds', async () => {
    const app = await startApp();
    const game = await createGame(app);
    await play(app, game.gameId, game.seats[0], { type: 'EndTurn' });
    await app.close();
    const env = { ...process.env, LOGBOOK_DATA_DIR: app.dataDir };
    try {
      const rebuilt = await run('node', [...CLI, 'rebuild'], { env, cwd: join(__dirname, '..') });
      expect(rebuilt.stdout).toMatch(/100\.0%/);
      expect(rebuilt.stdout).toMatch(/rebuilt game-states from \d+ events/);
      const verified = await run('node', [...CLI, 'verify'], { env, cwd: join(__dirname, '..') });
      expect(verified.stdout).toContain('verified 1 games: 0 mismatches');
    } finally {
      removeDataDir(app.dataDir);
    }
  }, 60_000);

  it('prints its usage and exits 2 for an unknown command', async () => {
    await expect(run('node', [...CLI, 'sink'], { cwd: join(__dirname, '..') })).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});

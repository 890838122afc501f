import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createGame, play } from './support/api';
import { newDataDir, removeDataDir, startApp } from './support/app';

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

  it('report gives no win rate or mean rounds for games still running', async () => {
    const app = await startApp();
    await createGame(app);
    await app.close();
    const env = { ...process.env, LOGBOOK_DATA_DIR: app.dataDir };
    try {
      const { stdout } = await run('node', [...CLI, 'report', '--out', join(app.dataDir, 'report')], { env, cwd: join(__dirname, '..') });
      const row = stdout.split('\n').find((line) => line.startsWith('first-voyage'));
      expect(row?.split(/\s{2,}/)).toEqual(['first-voyage', 'human', '1', '0', '0', '—', '—', '—']);
    } finally {
      removeDataDir(app.dataDir);
    }
  }, 60_000);

  it('prints its usage and exits 2 for an unknown command', async () => {
    await expect(run('node', [...CLI, 'sink'], { cwd: join(__dirname, '..') })).rejects.toMatchObject({ code: 2 });
  }, 60_000);

  describe('as a new operator tries it', () => {
    let dataDir: string;
    const ROOT = join(__dirname, '..');
    // Run from the data directory, so anything written to the working directory is seen there.
    const fromAnywhere = ['-r', require.resolve('@swc-node/register'), ...CLI.slice(2)];
    const env = () => ({ ...process.env, LOGBOOK_DATA_DIR: dataDir, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.json') });
    /** Runs the command line in a fresh data directory; never rejects. */
    const cli = (...args: string[]) =>
      run('node', [...fromAnywhere, ...args], { env: env(), cwd: dataDir }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
      );
    beforeEach(() => (dataDir = newDataDir()));
    afterEach(() => removeDataDir(dataDir));

    it('refuses an unknown option, naming it and the nearest known one, and does nothing', async () => {
      const simulated = await cli('simulate', '--player', '1', '--games', '1');
      expect(simulated.code).toBe(2);
      expect(simulated.stderr).toContain("unknown option '--player'");
      expect(simulated.stderr).toContain('--players');
      const reported = await cli('report', '--outdir', 'x');
      expect(reported.code).toBe(2);
      expect(reported.stderr).toContain("unknown option '--outdir'");
      expect(existsSync(join(dataDir, 'report'))).toBe(false);
      expect(existsSync(join(dataDir, 'x'))).toBe(false);
      expect((await cli('revalidate')).stdout).toContain('revalidated 0 games');
    }, 60_000);

    it('a bare simulate records nothing: it asks for --games', async () => {
      const bare = await cli('simulate');
      expect(bare.code).toBe(2);
      expect(bare.stderr).toContain("required option '--games <n>' not specified");
      expect((await cli('revalidate')).stdout).toContain('revalidated 0 games');
    }, 60_000);

    it('simulate --help shows every option with its default, and the exit codes', async () => {
      const help = await cli('simulate', '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/--games <n>\s+how many games/);
      expect(help.stdout).toMatch(/--players <k>[^]*\(default: 1\)/);
      expect(help.stdout).toMatch(/--bot <name>[^]*default: "greedy"/);
      expect(help.stdout).toMatch(/--scenario <id>[^]*default: "first-voyage"/);
      expect(help.stdout).toMatch(/Exit codes:[^]*2 {2}the command line was wrong/);
      expect((await cli('help', 'report')).stdout).toMatch(/--out <dir>[^]*\(default: "report"\)/);
    }, 60_000);

    it('a bad value is refused with what it must be', async () => {
      const none = await cli('simulate', '--games', '0');
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('It must be a whole number >= 1');
      const seats = await cli('simulate', '--games', '1', '--players', 'two');
      expect(seats.code).toBe(2);
      expect(seats.stderr).toContain('It must be a whole number from 1 to 4');
    }, 60_000);

    it('revalidate --game of a game the store does not hold says so and exits 4, with no summary', async () => {
      const missing = await cli('revalidate', '--game', 'nope');
      expect(missing.code).toBe(4);
      expect(missing.stderr).toContain('game nope is not in the store');
      expect(missing.stdout).not.toContain('decided differently');
    }, 60_000);

    it('the README lists the exit codes the help gives', async () => {
      const help = await cli('--help');
      const codes = [...help.stdout.matchAll(/^ {2}(\d) {2}(.+)$/gm)].map(([, code, meaning]) => `| ${code} | ${meaning} |`);
      expect(codes).toHaveLength(5);
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
      for (const row of codes) expect(readme).toContain(row);
    }, 60_000);
  });
});

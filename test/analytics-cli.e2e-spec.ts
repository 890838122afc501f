// The command line's analytics: simulate into the configured store, rebuild and verify the
// analytics read model, and a report with tables and SVG charts.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { newDataDir, removeDataDir } from './support/app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const CLI = ['-r', '@swc-node/register', join(ROOT, 'apps', 'cli', 'src', 'main.ts')];

describe('the command line: simulate, rebuild analytics, verify, report', () => {
  const dataDir = newDataDir();
  const env = { ...process.env, LOGBOOK_DATA_DIR: dataDir };
  const cli = (...args: string[]) => run('node', [...CLI, ...args], { env, cwd: ROOT });
  afterAll(() => removeDataDir(dataDir));

  it('simulates games into the store, with plain progress lines when piped', async () => {
    const { stdout } = await cli('simulate', '--scenario', 'twin-sails', '--games', '3', '--players', '2', '--bot', 'idle', '--seed', '7');
    expect(stdout).toMatch(/simulate twin-sails \(idle, 2 seat\(s\)\): 3\/3 games/);
    expect(stdout).toMatch(/simulated 3 games of twin-sails \(idle bot, 2 seat\(s\), seed 7\) .* won 0 \(0\.0%\), 0 unfinished, .* 3 recorded/);
    const again = await cli('simulate', '--scenario', 'twin-sails', '--games', '3', '--players', '2', '--bot', 'idle', '--seed', '7');
    expect(again.stdout).toMatch(/0 recorded, 3 already in the store \(same seed\)/);
  }, 60_000);

  it('rebuilds the analytics read model with progress and verifies it against fresh folds', async () => {
    const rebuilt = await cli('rebuild', 'analytics');
    expect(rebuilt.stdout).toMatch(/analytics: \d+ events, 100\.0%/);
    expect(rebuilt.stdout).toMatch(/rebuilt analytics from \d+ events/);
    const verified = await cli('verify', 'analytics');
    expect(verified.stdout).toContain('verified analytics of 3 games: 0 mismatches');
  }, 60_000);

  it('reports tables on stdout and writes SVG charts', async () => {
    const out = join(dataDir, 'report');
    const { stdout } = await cli('report', '--scenario', 'twin-sails', '--out', out);
    expect(stdout).toMatch(/twin-sails\s+idle\s+3\s+3\s+0\s+0\.0%/);
    expect(stdout).toMatch(/chi-square [\d.]+ with 5 d\.f\., p = /);
    for (const chart of ['win-rate', 'damage-by-act', 'plunder-fit', 'wreck-heatmap']) {
      const file = join(out, `${chart}.svg`);
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg/);
    }
  }, 60_000);

  it('refuses a bad flag with its usage and exit code 2', async () => {
    await expect(cli('simulate', '--bot', 'clever')).rejects.toMatchObject({ code: 2 });
    await expect(cli('rebuild', 'nothing')).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});

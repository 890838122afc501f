// The command line's analytics: simulate into the configured store, rebuild and verify the
// analytics read model, and a report with tables and SVG charts.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import 'reflect-metadata';
import { openReadModels } from '@logbook/app-core';
import { SqliteEventStore } from '@logbook/event-store';
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

// After a simulation of 1,000 games the report runs and the plunder goodness-of-fit is
// consistent with a fair d6. Decision rule: Pearson's chi-square of the report's observed
// column against 1/6 each, 5 degrees of freedom, fair unless p <= 0.001 (critical value 20.515).
// The test recomputes the statistic from the printed counts, so a report that printed a wrong
// figure (or a wrong verdict) fails too. Idle games are quick and still roll at setup.
describe('1,000 simulated games, then the report: the plunder table against a fair d6', () => {
  const dataDir = newDataDir();
  const env = { ...process.env, LOGBOOK_DATA_DIR: dataDir };
  const cli = (...args: string[]) => run('node', [...CLI, ...args], { env, cwd: ROOT, maxBuffer: 16 * 2 ** 20 });
  afterAll(() => removeDataDir(dataDir));

  it('reports a fit consistent with a fair d6, and its figures add up', async () => {
    const simulated = await cli('simulate', '--scenario', 'twin-sails', '--games', '1000', '--players', '1', '--bot', 'idle', '--seed', '2026');
    expect(simulated.stdout).toMatch(/simulated 1000 games of twin-sails .* 1000 recorded/);
    const { stdout } = await cli('report', '--scenario', 'twin-sails', '--out', join(dataDir, 'report'));
    const rows = [...stdout.matchAll(/^([1-6])\s+[a-z]+\s+(\d+)\s+([\d.]+)$/gm)];
    expect(rows.map((row) => row[1])).toEqual(['1', '2', '3', '4', '5', '6']);
    const observed = rows.map((row) => Number(row[2]));
    const total = observed.reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThanOrEqual(1000);
    const statistic = observed.reduce((sum, n) => sum + (n - total / 6) ** 2 / (total / 6), 0);
    const printed = /chi-square ([\d.]+) with 5 d\.f\., p = ([\d.]+) \(consistent with a fair d6 at the 0\.001 level\)/.exec(stdout);
    expect(printed).not.toBeNull();
    expect(Number(printed?.[1])).toBeCloseTo(statistic, 2);
    expect(statistic).toBeLessThan(20.515);
    expect(Number(printed?.[2])).toBeGreaterThan(0.001);
  }, 180_000);
});

// A game whose last event is one the figures do not count (a crew move): read models written by a
// fold that left the revision behind must fail verify, and a rebuild must bring them level.
describe('verify holds the analytics revision against the game log', () => {
  const dataDir = newDataDir();
  const env = { ...process.env, LOGBOOK_DATA_DIR: dataDir };
  const cli = (...args: string[]) => run('node', [...CLI, ...args], { env, cwd: ROOT });
  afterAll(() => removeDataDir(dataDir));

  const scenario = {
    id: 'hand',
    name: 'By hand',
    clueGoal: 6,
    storms: [],
    tiles: [],
    startingTiles: [],
    playerShips: [{ shipId: 'gull', hex: { q: 0, r: 0 } }],
  };
  const event = (commandId: string, type: string, data: unknown) => ({
    id: randomUUID(),
    type,
    data: { data },
    metadata: { commandId, seat: 1 },
    schemaVersion: 1,
  });

  beforeAll(async () => {
    const store = new SqliteEventStore({ filename: join(dataDir, 'logbook.sqlite') });
    await store.append(
      'game-g1',
      [
        event('c0', 'GameCreated', { gameId: 'g1', mode: 'sandbox', seats: [{ seat: 1, name: 'Ana', characterId: 'ysolde' }], scenario }),
        event('c0', 'TurnStarted', { seat: 1, round: 1, ordersLeft: 3 }),
        event('a1', 'CrewMoved', { shipId: 'gull', crewId: 'c1', from: null, to: 'deck' }),
      ],
      'no_stream',
    );
    // The read models as a fold that skipped the crew move wrote them: figures at revision 1,
    // the checkpoint past the game's last event.
    const readModels = openReadModels(store, { kind: 'sqlite', filename: join(dataDir, 'read-models.sqlite') });
    await readModels.runners.analytics.rebuild();
    const fold = await readModels.analytics.get('g1');
    if (!fold) throw new Error('no figures for g1');
    fold.figures.revision = 1;
    readModels.analytics.put(fold);
    await readModels.close();
    await store.close();
  });

  it('reports the game whose figures lag its log, and agrees once rebuilt', async () => {
    const stale = cli('verify', 'analytics');
    await expect(stale).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('analytics mismatch: game g1 (figures at revision 1, the game at 2)'),
    });
    await cli('rebuild', 'analytics');
    const { stdout } = await cli('verify', 'analytics');
    expect(stdout).toContain('verified analytics of 1 games: 0 mismatches');
  }, 60_000);
});

// The command line on PostgreSQL (LOGBOOK_STORE=postgres): simulate into the shared log, rebuild,
// verify and report on the shared read models; beside a running server, it reads what the server
// writes and refuses to rebuild a read model the server runs.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { newDataDir, removeDataDir, startApp, type TestApp } from './support/app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const CLI = ['-r', '@swc-node/register', join(ROOT, 'apps', 'cli', 'src', 'main.ts')];

describe('the command line on PostgreSQL', () => {
  let database: TestDatabase;
  let server: TestApp | undefined;
  const out = newDataDir();
  const cli = (...args: string[]) =>
    run('node', [...CLI, ...args], {
      env: { ...process.env, LOGBOOK_STORE: 'postgres', LOGBOOK_POSTGRES_URL: database.url, LOGBOOK_SERVER_ID: 'cli' },
      cwd: ROOT,
    });

  beforeAll(async () => {
    database = await createTestDatabase('cli');
  });

  afterAll(async () => {
    await server?.dispose();
    await database.drop();
    removeDataDir(out);
  });

  it('simulates into the shared log, rebuilds and verifies every read model, and reports', async () => {
    const simulated = await cli('simulate', '--scenario', 'twin-sails', '--games', '3', '--players', '2', '--bot', 'idle', '--seed', '7');
    expect(simulated.stdout).toMatch(/3 recorded/);
    const rebuilt = await cli('rebuild', 'all');
    expect(rebuilt.stdout).toMatch(/rebuilt game-states from \d+ events/);
    expect(rebuilt.stdout).toMatch(/rebuilt analytics from \d+ events/);
    const verified = await cli('verify', 'all');
    expect(verified.stdout).toContain('verified 3 games: 0 mismatches');
    expect(verified.stdout).toContain('verified analytics of 3 games: 0 mismatches');
    const reported = await cli('report', '--scenario', 'twin-sails', '--out', out);
    expect(reported.stdout).toMatch(/twin-sails\s+idle\s+3\s+3\s+0\s+0\.0%/);
  }, 120_000);

  it('verifies beside a running server from the tables it writes, and refuses to rebuild what it runs, naming it', async () => {
    server = await startApp({ postgres: { url: database.url, serverId: 'harbour' } });
    const health = (await server.http().get('/health').expect(200)).body;
    expect(health.readModels['game-states']).toMatchObject({ status: 'running', runBy: 'harbour' });
    await expect(cli('rebuild', 'game-states')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('read model game-states is run by server harbour'),
    });
    await cli('simulate', '--scenario', 'twin-sails', '--games', '2', '--players', '1', '--bot', 'idle', '--seed', '8');
    const verified = await cli('verify', 'all');
    expect(verified.stdout).toContain('verified 5 games: 0 mismatches');
    expect(verified.stdout).toContain('verified analytics of 5 games: 0 mismatches');
  }, 120_000);
});

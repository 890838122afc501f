// Operating the server: configuration errors read as one line per problem, the command line
// refuses a store a live server holds and says "unknown command" for a typo, progress prints
// lines in a log, and HOST chooses the interface.
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createGame } from './support/api';
import { newDataDir, removeDataDir, startApp } from './support/app';

jest.setTimeout(120_000);

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const CLI = ['-r', '@swc-node/register', join(ROOT, 'apps', 'cli', 'src', 'main.ts')];
const SERVER = ['-r', '@swc-node/register', join(ROOT, 'apps', 'server', 'src', 'main.ts')];

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const failure = (error: unknown) => error as { code: number; stdout: string; stderr: string };

describe('operations', () => {
  it('prints one line per configuration problem, naming the variable, and no stack trace', async () => {
    const env = { ...process.env, PORT: 'not-a-port', LOGBOOK_STORE: 'floppy', LOGBOOK_RATE_LIMITS: 'maybe' };
    const result = failure(await run('node', SERVER, { env, cwd: ROOT, timeout: 60_000 }).catch((e: unknown) => e));
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^logbook: configuration: PORT: /),
        expect.stringMatching(/^logbook: configuration: LOGBOOK_STORE: /),
        expect.stringMatching(/^logbook: configuration: LOGBOOK_RATE_LIMITS: /),
      ]),
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('logs one line per request with its latency, never a token; listens on HOST', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const env = { ...process.env, LOGBOOK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOGBOOK_LOG_LEVEL: 'info' };
    const child = spawn('node', SERVER, { env, cwd: ROOT });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 200 && !out.includes('listening'); i++) await new Promise((r) => setTimeout(r, 100));
      const created = await fetch(`${base}/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scenario: 'first-voyage', players: [{ name: 'A' }] }),
      });
      const { gameId, seats } = (await created.json()) as { gameId: string; seats: Array<{ token: string }> };
      await fetch(`${base}/games/${gameId}`, { headers: { authorization: `Bearer ${seats[0].token}` } });
      await new Promise((r) => setTimeout(r, 300));
      expect(out).toMatch(/POST \/games 201 \d+ ms/);
      expect(out).toMatch(new RegExp(`GET /games/${gameId} 200 \\d+ ms`));
      expect(out).not.toContain(seats[0].token);
      expect(out.toLowerCase()).not.toContain('bearer');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      removeDataDir(dataDir);
    }
  });

  it('the README shows the revision POST /games answers', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const shown = Number(/"revision":(\d+)/.exec(readme)?.[1]);
    const app = await startApp();
    try {
      const revisions = new Set<number>();
      for (let i = 0; i < 12; i++) revisions.add((await createGame(app)).revision);
      expect(revisions).toContain(shown);
    } finally {
      await app.dispose();
    }
  });

  it('says "unknown command" for a typo', async () => {
    const result = failure(await run('node', [...CLI, 'rebiuld'], { cwd: ROOT }).catch((e: unknown) => e));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^unknown command: rebiuld/);
  });

  it('refuses to run against a store a live server holds, naming it; runs once it stopped', async () => {
    const app = await startApp();
    try {
      await createGame(app);
      const lock = join(app.dataDir, 'logbook.sqlite.lock');
      expect(existsSync(lock)).toBe(true);
      expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
      const env = { ...process.env, LOGBOOK_DATA_DIR: app.dataDir };
      const refused = failure(await run('node', [...CLI, 'rebuild'], { env, cwd: ROOT }).catch((e: unknown) => e));
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(`held by a running Logbook server (pid ${process.pid}`);
      await app.close();
      expect(existsSync(lock)).toBe(false);
      // Not on a terminal: progress as lines, never carriage returns.
      const rebuilt = await run('node', [...CLI, 'rebuild'], { env, cwd: ROOT });
      expect(rebuilt.stdout).not.toContain('\r');
      expect(rebuilt.stdout).toMatch(/^game-states: \d+ events, 100\.0%$/m);
    } finally {
      removeDataDir(app.dataDir);
    }
  });

  it('a second server refuses a store another live process holds', async () => {
    const dataDir = newDataDir();
    const app = await startApp({ dataDir });
    try {
      const env = { ...process.env, LOGBOOK_DATA_DIR: dataDir, PORT: '0' };
      const refused = failure(await run('node', SERVER, { env, cwd: ROOT, timeout: 60_000 }).catch((e: unknown) => e));
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toMatch(/^logbook: could not start: .*logbook\.sqlite is held by a running Logbook server/);
      expect(refused.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await app.dispose();
    }
  });
});

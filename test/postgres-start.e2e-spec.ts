// The server on LOGBOOK_STORE=postgres, as an operator starts it: it keeps games in PostgreSQL
// across a restart, and a PostgreSQL it cannot use stops the start with one line naming
// LOGBOOK_POSTGRES_URL (never its password, never a stack trace).
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type TestDatabase, createTestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { newDataDir, removeDataDir } from './support/app';

jest.setTimeout(120_000);

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const SERVER = ['-r', '@swc-node/register', join(ROOT, 'apps', 'server', 'src', 'main.ts')];
const failure = (error: unknown) => error as { code: number; stdout: string; stderr: string };

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('server');
});
afterAll(() => database.drop());

const postgresEnv = (url: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  LOGBOOK_STORE: 'postgres',
  LOGBOOK_POSTGRES_URL: url,
  LOGBOOK_LOG_LEVEL: 'silent',
  ...extra,
});

async function startServer(env: NodeJS.ProcessEnv): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn('node', SERVER, { env: { ...env, PORT: String(port) }, cwd: ROOT });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    if (
      await fetch(`${base}/health`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe('the server on PostgreSQL', () => {
  it('keeps its games in PostgreSQL: a game created before a restart is there after it', async () => {
    const dataDir = newDataDir();
    const env = postgresEnv(database.url, { LOGBOOK_DATA_DIR: dataDir });
    try {
      const first = await startServer(env);
      let gameId: string;
      let token: string;
      try {
        const created = await fetch(`${first.base}/games`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ scenario: 'first-voyage', players: [{ name: 'A' }] }),
        });
        expect(created.status).toBe(201);
        const body = (await created.json()) as { gameId: string; seats: Array<{ token: string }> };
        gameId = body.gameId;
        token = body.seats[0].token;
      } finally {
        await first.stop();
      }
      const second = await startServer(env);
      try {
        const game = await fetch(`${second.base}/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } });
        expect(game.status).toBe(200);
        const health = (await (await fetch(`${second.base}/health`)).json()) as { store?: unknown };
        expect(JSON.stringify(health)).toContain('postgres');
      } finally {
        await second.stop();
      }
    } finally {
      removeDataDir(dataDir);
    }
  });

  it.each([
    ['unreachable', 'postgres://logbook:logbook@127.0.0.1:1/logbook', /could not be reached: .*ECONNREFUSED/],
    ['refusing the password', 'WRONG_PASSWORD', /refused the login: .*password authentication failed/],
  ])('does not start when PostgreSQL is %s: one line naming LOGBOOK_POSTGRES_URL', async (_, given, reason) => {
    const url = given === 'WRONG_PASSWORD' ? Object.assign(new URL(database.url), { password: 'sesame-wrong' }).toString() : given;
    const dataDir = newDataDir();
    try {
      const env = postgresEnv(url, { LOGBOOK_DATA_DIR: dataDir, PORT: '0' });
      const result = failure(await run('node', SERVER, { env, cwd: ROOT, timeout: 60_000 }).catch((e: unknown) => e));
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^logbook: could not start: PostgreSQL at LOGBOOK_POSTGRES_URL \(postgres:\/\/logbook:\*\*\*@/);
      expect(lines[0]).toMatch(reason);
      expect(result.stderr + result.stdout).not.toContain('sesame-wrong');
    } finally {
      removeDataDir(dataDir);
    }
  });
});

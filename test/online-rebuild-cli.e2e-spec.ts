// `npm run cli -- rebuild <name> --online`: the command line asks the running server (which holds
// the store) to rebuild, and follows the progress until the new generation serves.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { builtInScenario } from '@logbook/content';
import { recordSimulatedGame, simulateGame } from '@logbook/app-core';
import { rebuildOnline } from '../apps/cli/src/online-rebuild';
import { startApp, type TestApp } from './support/app';
import { CLI_ARGS, ROOT } from './support/server-process';
import { useOperatorToken } from './support/env';

const run = promisify(execFile);
const ADMIN = 'online-cli-operator-token';

describe('rebuild --online from the command line', () => {
  let app: TestApp;
  let base: string;

  useOperatorToken(ADMIN);
  beforeAll(async () => {
    app = await startApp();
    const store = app.app.get<EventStore>(EVENT_STORE);
    for (let index = 0; index < 20; index++) {
      const simulated = simulateGame({ scenario: builtInScenario('first-voyage')!, players: 1, bot: 'idle', seed: 5, index });
      await recordSimulatedGame(store, simulated, { simulated: true, bot: 'idle', seed: 5, index, gameSeed: simulated.gameSeed });
    }
    await app.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await app.dispose();
  });

  it('asks the server to rebuild and prints the progress until the new generation serves', async () => {
    const lines: string[] = [];
    const code = await rebuildOnline(['analytics'], { serverUrl: `${base}/`, adminToken: ADMIN, pollMs: 20, print: (line) => lines.push(line) });
    expect(code).toBe(0);
    expect(lines[0]).toBe('analytics: building generation 1 beside the live one, which keeps serving');
    expect(lines[lines.length - 1]).toMatch(/^analytics: generation 1 serves now \(\d+ events replayed\)$/);
    const health = (await app.http().get('/health').expect(200)).body;
    expect(health.readModels.analytics).toMatchObject({ generation: 1, rebuild: { state: 'switched' } });
  });

  it('exits 1 with the server’s reason when the token is wrong', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await rebuildOnline(['game-states'], { serverUrl: base, adminToken: 'a-wrong-operator-token', pollMs: 20, print: () => undefined })).toBe(1);
      expect(errors.mock.calls.flat().join('\n')).toContain('answered 403');
    } finally {
      errors.mockRestore();
    }
  });

  it('runs from the command line against LOGBOOK_SERVER_URL without touching the store, and needs the operator token', async () => {
    const env = { ...process.env, LOGBOOK_DATA_DIR: app.dataDir, LOGBOOK_SERVER_URL: base, LOGBOOK_ADMIN_TOKEN: ADMIN };
    // The server holds the store's lock: an offline rebuild would exit 3, the online one asks the server.
    const { stdout } = await run(process.execPath, [...CLI_ARGS, 'rebuild', 'game-states', '--online'], { cwd: ROOT, env });
    expect(stdout).toContain('game-states: building generation 1 beside the live one');
    expect(stdout).toMatch(/game-states: generation 1 serves now/);
    const { LOGBOOK_ADMIN_TOKEN: _token, ...without } = env;
    await expect(run(process.execPath, [...CLI_ARGS, 'rebuild', 'game-states', '--online'], { cwd: ROOT, env: without })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('LOGBOOK_ADMIN_TOKEN'),
    });
  }, 120_000);
});

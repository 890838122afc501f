// A store whose events are megabytes each (forks of a huge inline scenario are 3.7 MB): more
// than SQLite's 1e9-byte string limit in what used to be one page of rows. The command line's
// verify and rebuild, and a catch-up subscription (what a server's read-model runner follows),
// must read it in pages bounded by bytes.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteEventStore } from '@logbook/event-store';
import { gameStreamId, toNewEvents } from '@logbook/game-log';
import { setupEvents } from '@logbook/rules/testing/fixtures';
import { newDataDir, removeDataDir } from './support/app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const CLI = ['-r', '@swc-node/register', join(ROOT, 'apps', 'cli', 'src', 'main.ts')];

/** Each game's setup is 7 events: 75 × 7 × 2 MiB ≈ 1.1e9 bytes, past SQLite's string limit in one page of rows. */
const GAMES = 75;
const EVENT_BYTES = 2 * 1024 * 1024;

describe('a store of 2 MiB events', () => {
  const dataDir = newDataDir();
  const filename = join(dataDir, 'logbook.sqlite');
  const env = { ...process.env, LOGBOOK_DATA_DIR: dataDir, LOGBOOK_STORE: 'sqlite' };
  // A runner that cannot read its pages retries forever ("reconnecting"): the kill makes that a failure, not a hang.
  const cli = (...args: string[]) => run('node', [...CLI, ...args], { env, cwd: ROOT, timeout: 240_000 });
  let eventCount = 0;

  beforeAll(async () => {
    const store = new SqliteEventStore({ filename });
    // The bytes ride in each event's metadata, which every fold ignores: each row is as big as a
    // huge scenario's GameCreated or GameForked while the read models stay small.
    const padding = 'x'.repeat(EVENT_BYTES);
    try {
      for (let i = 0; i < GAMES; i++) {
        const gameId = `big-${String(i).padStart(4, '0')}`;
        const events = setupEvents(undefined, { gameId });
        const appended = toNewEvents(gameId, `create-${gameId}`, events, { padding });
        await store.append(gameStreamId(gameId), appended, 'no_stream');
        eventCount += appended.length;
      }
    } finally {
      await store.close();
    }
  }, 300_000);
  afterAll(() => removeDataDir(dataDir));

  it('a catch-up subscription delivers every event', async () => {
    const store = new SqliteEventStore({ filename });
    const controller = new AbortController();
    let seen = 0;
    try {
      for await (const event of store.subscribeToAllIterable({ signal: controller.signal })) {
        expect(event.position).toBeDefined();
        seen += 1;
        if (seen === eventCount) controller.abort();
      }
    } finally {
      await store.close();
    }
    expect(seen).toBe(eventCount);
  }, 300_000);

  it('verify folds every game and finds the read models equal', async () => {
    const { stdout } = await cli('verify');
    expect(stdout).toContain(`verified ${GAMES} games: 0 mismatches`);
    expect(stdout).toContain(`verified analytics of ${GAMES} games: 0 mismatches`);
  }, 300_000);

  it('rebuild replays every event', async () => {
    const { stdout } = await cli('rebuild');
    expect(stdout).toContain(`rebuilt game-states from ${eventCount} events`);
    // The analytics read model reads only the event types it folds.
    expect(stdout).toMatch(/rebuilt analytics from \d+ events/);
    expect(stdout).toMatch(/analytics: \d+ events, 100\.0%/);
  }, 300_000);
});

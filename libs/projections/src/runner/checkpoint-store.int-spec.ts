import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckpointStore } from './checkpoint-store.port';
import { InMemoryCheckpointStore } from './in-memory-checkpoint-store';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store';

const dir = mkdtempSync(join(tmpdir(), 'logbook-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

describe.each([
  ['in-memory', () => new InMemoryCheckpointStore()],
  ['SQLite', () => new SqliteCheckpointStore({ filename: join(dir, `checkpoints-${++files}.db`) })],
])('%s checkpoint store', (_name, create: () => CheckpointStore) => {
  let store: CheckpointStore;
  beforeEach(() => (store = create()));
  afterEach(() => store.close());

  it('has no checkpoint for a projection that never ran', async () => {
    expect(await store.load('board')).toBeUndefined();
  });

  it('gives back the last saved position, per projection', async () => {
    await store.save('board', 10n);
    await store.save('board', 42n);
    await store.save('timeline', 7n);
    expect([await store.load('board'), await store.load('timeline')]).toEqual([42n, 7n]);
  });

  it('keeps positions past 2^63, as EventStoreDB commit positions may be', async () => {
    await store.save('board', 2n ** 64n - 2n);
    expect(await store.load('board')).toBe(2n ** 64n - 2n);
  });

  it('forgets a checkpoint on reset', async () => {
    await store.save('board', 5n);
    await store.reset('board');
    expect(await store.load('board')).toBeUndefined();
  });
});

describe('SQLite checkpoint store on a file', () => {
  it('keeps checkpoints across a reopen', async () => {
    const filename = join(dir, 'reopen.db');
    const first = new SqliteCheckpointStore({ filename });
    await first.save('board', 99n);
    await first.close();
    const reopened = new SqliteCheckpointStore({ filename });
    expect(await reopened.load('board')).toBe(99n);
    await reopened.close();
  });
});

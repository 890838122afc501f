import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireStoreLock, lockFileOf, releaseStoreLock, storeLockHolder } from './store-lock';

describe('the embedded store lock', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'logbook-lock-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is taken on a fresh machine, where the data folder does not exist yet (npm start, first run)', () => {
    const store = join(root, 'data', 'logbook.sqlite');
    acquireStoreLock(store);
    expect(existsSync(lockFileOf(store))).toBe(true);
    expect(storeLockHolder(store)?.pid).toBe(process.pid);
    releaseStoreLock(store);
    expect(existsSync(lockFileOf(store))).toBe(false);
  });
});

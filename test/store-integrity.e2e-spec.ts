// A store with damaged pages must not start (the error names the file), and /health says when
// the store's data is not sound, with version, uptime and read-model lag beside it.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { InMemoryEventStore } from '@logbook/event-store';
import { IntegrityMonitor } from '../apps/server/src/store/integrity-monitor';
import { createGame } from './support/api';
import { newDataDir, removeDataDir, startApp } from './support/app';

// Bounded by count, not time: a busy 2-core machine may be slow.
jest.setTimeout(60_000);

describe('store integrity', () => {
  it('refuses to start on a store with damaged pages, naming the file', async () => {
    const dataDir = newDataDir();
    try {
      const app = await startApp({ dataDir });
      for (let i = 0; i < 40; i++) await createGame(app, 'twin-sails', 2);
      await app.close();
      const file = join(dataDir, 'logbook.sqlite');
      const pages = Math.floor(statSync(file).size / 4096);
      expect(pages).toBeGreaterThan(8);
      const fd = openSync(file, 'r+');
      // Leave page 1 (the schema) alone; scribble over the b-tree pages after it.
      for (let page = 2; page < pages; page += 2) writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, page * 4096 + 8);
      closeSync(fd);
      await expect(startApp({ dataDir })).rejects.toThrow(new RegExp(`integrity check.*${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    } finally {
      removeDataDir(dataDir);
    }
  });

  it('creates its data files readable by their owner only', async () => {
    const app = await startApp();
    try {
      await createGame(app);
      for (const name of ['logbook.sqlite', 'read-models.sqlite']) {
        expect((statSync(join(app.dataDir, name)).mode & 0o077).toString(8)).toBe('0');
      }
    } finally {
      await app.dispose();
    }
  });

  it('reports version, uptime, read-model lag and the integrity check in /health; 503 when the data is damaged', async () => {
    const app = await startApp();
    try {
      const ok = await app.http().get('/health').expect(200);
      expect(ok.body).toMatchObject({
        status: 'ok',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        uptime: expect.any(Number),
        store: { kind: 'sqlite', status: 'up', integrity: 'ok' },
        readModels: { 'game-states': { behind: expect.any(Number) } },
      });
    } finally {
      await app.dispose();
    }
    const damaged = new InMemoryEventStore();
    let broken = false;
    damaged.integrityProblems = async () => (broken ? ['/data/logbook.sqlite: *** in database main *** Page 7: btreeInitPage() returns error code 11'] : []);
    const other = await startApp({ store: damaged });
    try {
      broken = true;
      // /health answers the last check's result; this runs the next one.
      await other.app.get(IntegrityMonitor).refresh();
      const res = await other.http().get('/health').expect(503);
      expect(res.body.status).toBe('error');
      expect(res.body.store.integrity).toEqual([expect.stringContaining('Page 7')]);
    } finally {
      await other.dispose();
    }
  });

  it('answers /health while an integrity check runs, with the last result, and never waits for it', async () => {
    const store = new InMemoryEventStore();
    let finish: (problems: string[]) => void = () => undefined;
    let checks = 0;
    store.integrityProblems = () => {
      checks += 1;
      return new Promise((resolve) => (finish = resolve));
    };
    const app = await startApp({ store });
    try {
      const during = await app.http().get('/health').expect(200);
      expect(checks).toBe(1);
      expect(during.body.store.integrity).toBe('unchecked');
      // A second request while the check still runs neither waits for it nor starts another.
      await app.http().get('/health').expect(200);
      expect(checks).toBe(1);
      finish(['/data/logbook.sqlite: *** in database main *** Page 9: btreeInitPage() returns error code 11']);
      await new Promise((resolve) => setImmediate(resolve));
      const after = await app.http().get('/health').expect(503);
      expect(after.body.store.integrity).toEqual([expect.stringContaining('Page 9')]);
    } finally {
      finish([]);
      await app.dispose();
    }
  }, 20_000);
});

import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { events } from '../testing/contract/contract-fixture';
import { SqliteEventStore } from './sqlite-event-store';
import { turnsDuring } from '../testing/turns-during';

describe('SQLite integrity check', () => {
  let dir: string;
  let filename: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'logbook-integrity-'));
    filename = join(dir, 'events.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs off the event loop: the loop keeps turning until the check answers', async () => {
    const store = new SqliteEventStore({ filename });
    try {
      await store.append('s-1', events(50), 'no_stream');
      const { result, turns } = await turnsDuring(() => store.integrityProblems());
      expect(result).toEqual([]);
      expect(turns).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });

  it('callers asking while a check runs share it, and the store can append meanwhile', async () => {
    const store = new SqliteEventStore({ filename });
    try {
      const first = store.integrityProblems();
      const second = store.integrityProblems();
      await store.append('s-1', events(3), 'no_stream');
      expect(await Promise.all([first, second])).toEqual([[], []]);
    } finally {
      await store.close();
    }
  });

  it('reports damaged pages, naming the file', async () => {
    const store = new SqliteEventStore({ filename });
    for (let i = 0; i < 40; i++) await store.append(`s-${i}`, events(20), 'no_stream');
    await store.close();
    const pages = Math.floor(statSync(filename).size / 4096);
    expect(pages).toBeGreaterThan(8);
    const fd = openSync(filename, 'r+');
    for (let page = 2; page < pages; page += 2) writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, page * 4096 + 8);
    closeSync(fd);
    const reopened = new SqliteEventStore({ filename });
    try {
      const problems = await reopened.integrityProblems();
      expect(problems.length).toBeGreaterThan(0);
      expect(problems[0]).toContain(filename);
    } finally {
      await reopened.close();
    }
  });

  it('closing the store ends a check in progress: it answers, finished or stopped', async () => {
    const store = new SqliteEventStore({ filename });
    await store.append('s-1', events(3), 'no_stream');
    const problems = store.integrityProblems();
    await store.close();
    const answer = await problems;
    // A small file may be checked before the thread is stopped.
    if (answer.length > 0) expect(answer).toEqual([`${filename}: integrity check stopped: the store was closed`]);
  });

  it('checks a private in-memory database in this thread', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    try {
      await store.append('s-1', events(3), 'no_stream');
      expect(await store.integrityProblems()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

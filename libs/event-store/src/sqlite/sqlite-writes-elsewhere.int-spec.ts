import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '../create-event-store';
import { WrongExpectedRevisionError } from '../errors';
import { InMemoryEventStore } from '../memory/in-memory-event-store';
import { SqliteEventStore } from './sqlite-event-store';

// A reader that cached a stream skips re-reading it while the store says nobody else wrote.
describe('SqliteEventStore.writesElsewhere', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-sqlite-elsewhere-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const event = (id: string) => ({ id, type: 'ShipMoved', data: {} });

  it('stays put while only this store object appends, and moves once another connection commits', async () => {
    const filename = join(dir, 'events.db');
    const here = new SqliteEventStore({ filename });
    const other = new SqliteEventStore({ filename });
    try {
      const before = here.writesElsewhere!();
      await here.append('game-1', [event('a')], 'no_stream');
      await here.append('game-1', [event('b')], 0);
      expect(here.writesElsewhere!()).toBe(before);

      await other.append('game-2', [event('c')], 'no_stream');
      const after = here.writesElsewhere!();
      expect(after).toBeGreaterThan(before);
      // Counted once: asking again without another foreign commit gives the same number.
      expect(here.writesElsewhere!()).toBe(after);
      // The other connection sees our commits as foreign too.
      const seenByOther = other.writesElsewhere!();
      await here.append('game-1', [event('d')], 1);
      expect(other.writesElsewhere!()).toBeGreaterThan(seenByOther);
    } finally {
      await here.close();
      await other.close();
    }
  });

  it('checks an append against the stream as another connection left it, not as this one last wrote it', async () => {
    const filename = join(dir, 'events.db');
    const here = new SqliteEventStore({ filename });
    const other = new SqliteEventStore({ filename });
    try {
      await here.append('game-1', [event('a')], 'no_stream');
      await here.append('game-1', [event('b')], 0);
      await other.append('game-1', [event('c')], 1);
      // This connection's own last write said revision 1; the file says 2.
      expect((await here.append('game-1', [event('d')], 2)).nextExpectedRevision).toBe(3);
      await other.append('game-1', [event('e')], 3);
      await expect(here.append('game-1', [event('f')], 3)).rejects.toThrow(WrongExpectedRevisionError);
      const read = await other.readStream('game-1');
      expect(read.status === 'ok' && read.events.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    } finally {
      await here.close();
      await other.close();
    }
  });

  it('is absent on a memory store, whose one object may serve several servers (as in the scale-out tests)', () => {
    expect(new InMemoryEventStore().writesElsewhere).toBeUndefined();
  });

  it('is 0 on the memory store a server configures for itself, and stays 0 as it appends', async () => {
    const store = createEventStore({ kind: 'memory' });
    await store.append('game-1', [event('a')], 'no_stream');
    expect(store.writesElsewhere?.()).toBe(0);
    await store.close();
  });
});

import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { InMemoryEventStore, type RecordedEvent } from '@logbook/event-store';
import { BufferedRows } from './buffered-rows';
import { InMemoryCheckpointStore } from './in-memory-checkpoint-store';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

interface Row {
  id: string;
  count: number;
}

/** A one-table read model on an in-memory SQLite database, counting what it writes and loads. */
function aTable(keep = 3, keepBytes?: { bytes: number; sizeOf: (row: Row) => number }) {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE rows (id TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID');
  const upsert = db.prepare('INSERT INTO rows VALUES (@id, @count) ON CONFLICT (id) DO UPDATE SET count = excluded.count');
  const select = db.prepare('SELECT id, count FROM rows WHERE id = ?');
  const written: Row[] = [];
  const loaded: string[] = [];
  const table = {
    db,
    written,
    loaded,
    failWrites: false,
    stored: (): Row[] => db.prepare('SELECT id, count FROM rows ORDER BY id').all() as Row[],
    load: (id: string): Row | undefined => {
      loaded.push(id);
      const row = select.get(id) as Row | undefined;
      return row && { ...row };
    },
    rows: new BufferedRows<Row>(db, {
      key: (row) => row.id,
      write: (row) => {
        if (table.failWrites) throw new Error('disk full');
        upsert.run(row);
        written.push({ ...row });
      },
      keep,
      keepBytes,
    }),
  };
  return table;
}

describe('BufferedRows', () => {
  it('writes nothing on put; flush writes each changed row once, as last put, in one go', () => {
    const t = aTable();
    t.rows.put({ id: 'a', count: 1 });
    t.rows.put({ id: 'b', count: 1 });
    t.rows.put({ id: 'a', count: 2 });
    t.rows.put({ id: 'a', count: 3 });
    expect(t.rows.pending).toBe(2);
    expect(t.stored()).toEqual([]);
    t.rows.flush();
    expect(t.written).toEqual([
      { id: 'a', count: 3 },
      { id: 'b', count: 1 },
    ]);
    expect(t.stored()).toEqual(t.written);
    expect(t.rows.pending).toBe(0);
    t.rows.flush();
    expect(t.written).toHaveLength(2);
  });

  it('reads its own writes before a flush, without going to the table', () => {
    const t = aTable();
    const row = { id: 'a', count: 7 };
    t.rows.put(row);
    expect(t.rows.get('a', t.load)).toBe(row);
    expect(t.loaded).toEqual([]);
    expect(t.rows.get('missing', t.load)).toBeUndefined();
    expect(t.loaded).toEqual(['missing']);
  });

  it('keeps written and loaded rows in memory, dropping the least recently used beyond `keep`', () => {
    const t = aTable(2);
    for (const id of ['a', 'b', 'c']) t.rows.put({ id, count: 1 });
    t.rows.flush();
    // c and b are recent; a (the oldest) was dropped and comes back from the table.
    expect(t.rows.get('c', t.load)).toEqual({ id: 'c', count: 1 });
    expect(t.rows.get('b', t.load)).toEqual({ id: 'b', count: 1 });
    expect(t.loaded).toEqual([]);
    expect(t.rows.get('a', t.load)).toEqual({ id: 'a', count: 1 });
    expect(t.loaded).toEqual(['a']);
    t.rows.get('a', t.load);
    expect(t.loaded).toEqual(['a']);
  });

  it('keeps no more rows in memory than their sizes allow, least recently used dropped first', () => {
    // A row's size is its count here: 10 + 10 + 10 is past 25, so the oldest goes though `keep` is 10.
    const t = aTable(10, { bytes: 25, sizeOf: (row) => row.count });
    for (const id of ['a', 'b', 'c']) t.rows.put({ id, count: 10 });
    t.rows.flush();
    t.rows.get('c', t.load);
    t.rows.get('b', t.load);
    expect(t.loaded).toEqual([]);
    t.rows.get('a', t.load);
    expect(t.loaded).toEqual(['a']);
  });

  it('keeps the changed rows when a flush fails, and writes them (rolled back as a whole) on the next', () => {
    const t = aTable();
    t.rows.put({ id: 'a', count: 1 });
    t.rows.put({ id: 'b', count: 1 });
    t.failWrites = true;
    expect(() => t.rows.flush()).toThrow('disk full');
    expect(t.stored()).toEqual([]);
    expect(t.rows.pending).toBe(2);
    t.failWrites = false;
    t.rows.flush();
    expect(t.stored()).toEqual([
      { id: 'a', count: 1 },
      { id: 'b', count: 1 },
    ]);
  });

  it('forgets changed and recent rows on clear (the owner has emptied its table)', () => {
    const t = aTable();
    t.rows.put({ id: 'a', count: 1 });
    t.rows.flush();
    t.rows.put({ id: 'b', count: 1 });
    t.db.exec('DELETE FROM rows');
    t.rows.clear();
    expect(t.rows.pending).toBe(0);
    t.rows.flush();
    expect(t.written).toEqual([{ id: 'a', count: 1 }]);
    expect(t.rows.get('a', t.load)).toBeUndefined();
    expect(t.rows.get('b', t.load)).toBeUndefined();
  });

  it('after a clear, looks up only the rows written since (a rebuild never selects a new game in vain)', () => {
    const t = aTable(1);
    t.db.exec('DELETE FROM rows');
    t.rows.clear();
    expect(t.rows.get('new', t.load)).toBeUndefined();
    expect(t.loaded).toEqual([]);
    t.rows.put({ id: 'a', count: 1 });
    t.rows.put({ id: 'b', count: 2 });
    t.rows.flush(); // keeps one in memory: 'a' is dropped
    expect(t.rows.get('a', t.load)).toEqual({ id: 'a', count: 1 });
    expect(t.loaded).toEqual(['a']);
  });

  it('flushes on close, then closes the database; closing again does nothing', () => {
    const t = aTable();
    t.rows.put({ id: 'a', count: 1 });
    t.rows.close();
    expect(t.written).toEqual([{ id: 'a', count: 1 }]);
    expect(t.db.open).toBe(false);
    expect(() => t.rows.close()).not.toThrow();
  });

  describe('under the projection runner (flush by count and by time; timers faked, no waiting)', () => {
    /** Counts each game's events into its row, the way the game-states read model folds. */
    class CountingProjection implements Projection {
      readonly name = 'counting';
      constructor(readonly table: ReturnType<typeof aTable>) {}
      handle(event: RecordedEvent): void {
        const row = this.table.rows.get(event.streamId, this.table.load) ?? { id: event.streamId, count: 0 };
        row.count += 1;
        this.table.rows.put(row);
      }
      flush(): void {
        this.table.rows.flush();
      }
      unwritten(): number {
        return this.table.rows.pending;
      }
    }

    const total = (rows: Row[]) => rows.reduce((sum, row) => sum + row.count, 0);
    /** Lets the runner's promises run (setImmediate is left real). */
    const settle = async () => {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    };

    let store: InMemoryEventStore;
    let table: ReturnType<typeof aTable>;
    let checkpoints: InMemoryCheckpointStore;
    /** At each checkpoint saved: the position, and how many events the table held then. */
    let saved: Array<{ position: bigint; eventsInTable: number }>;
    let runner: ProjectionRunner | undefined;
    const append = async (streamId: string) => (await store.append(streamId, [{ id: randomUUID(), type: 'ShipMoved', data: {} }], 'any')).position;

    beforeEach(() => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'Date', 'hrtime', 'performance'] });
      store = new InMemoryEventStore();
      table = aTable(10);
      checkpoints = new InMemoryCheckpointStore();
      saved = [];
      const save = checkpoints.save.bind(checkpoints);
      checkpoints.save = async (name, position) => {
        saved.push({ position, eventsInTable: total(table.stored()) });
        await save(name, position);
      };
    });
    afterEach(async () => {
      await runner?.stop();
      runner = undefined;
      await store.close();
      jest.useRealTimers();
    });

    it('flushes every N events, and the rows are in the table before the checkpoint', async () => {
      runner = new ProjectionRunner(store, checkpoints, new CountingProjection(table), { checkpointEvery: 3 });
      await runner.start();
      await append('game-1');
      const second = await append('game-2');
      await runner.whenHandled(second);
      await settle();
      expect(table.stored()).toEqual([]);
      expect(saved).toEqual([]);
      const third = await append('game-1');
      await runner.whenHandled(third);
      await settle();
      expect(table.stored()).toEqual([
        { id: 'game-1', count: 2 },
        { id: 'game-2', count: 1 },
      ]);
      expect(saved).toEqual([{ position: third, eventsInTable: 3 }]);
    });

    it('flushes once the interval has passed after the first unflushed event, with no further event', async () => {
      runner = new ProjectionRunner(store, checkpoints, new CountingProjection(table), { checkpointEvery: 1000, checkpointIntervalMs: 1000 });
      await runner.start();
      await append('game-1');
      const last = await append('game-1');
      await runner.whenHandled(last);
      await settle();
      await jest.advanceTimersByTimeAsync(999);
      await settle();
      expect(table.stored()).toEqual([]);
      // Reads see the events already, from memory.
      expect(table.rows.get('game-1', table.load)).toEqual({ id: 'game-1', count: 2 });
      await jest.advanceTimersByTimeAsync(1);
      await settle();
      expect(table.stored()).toEqual([{ id: 'game-1', count: 2 }]);
      expect(saved).toEqual([{ position: last, eventsInTable: 2 }]);
    });

    it('flushes once N rows are unwritten, however few events that took, and not while one busy row takes many', async () => {
      runner = new ProjectionRunner(store, checkpoints, new CountingProjection(table), {
        checkpointEvery: 1000,
        checkpointRows: 3,
        checkpointIntervalMs: 1000,
      });
      await runner.start();
      // One busy game: one unwritten row however many events, so neither bound is reached.
      let last = 0n;
      for (let i = 0; i < 20; i++) last = await append('game-1');
      await runner.whenHandled(last);
      await settle();
      expect(saved).toEqual([]);
      expect(table.stored()).toEqual([]);
      await append('game-2');
      const third = await append('game-3');
      await runner.whenHandled(third);
      await settle();
      expect(table.stored()).toEqual([
        { id: 'game-1', count: 20 },
        { id: 'game-2', count: 1 },
        { id: 'game-3', count: 1 },
      ]);
      expect(saved).toEqual([{ position: third, eventsInTable: 22 }]);
      // Counted again from the flush: two more games are not three.
      await append('game-4');
      const fifth = await append('game-5');
      await runner.whenHandled(fifth);
      await settle();
      expect(saved).toHaveLength(1);
    });

    it('never saves a checkpoint ahead of the rows written, by count, by time and on stop', async () => {
      runner = new ProjectionRunner(store, checkpoints, new CountingProjection(table), { checkpointEvery: 7, checkpointIntervalMs: 50 });
      await runner.start();
      let last = 0n;
      for (let i = 0; i < 40; i++) {
        last = await append(`game-${i % 3}`);
        if (i % 5 === 0) {
          await runner.whenHandled(last);
          await jest.advanceTimersByTimeAsync(50);
          await settle();
        }
      }
      await runner.whenHandled(last);
      await runner.stop();
      expect(saved.at(-1)?.position).toBe(last);
      expect(total(table.stored())).toBe(40);
      // Positions of the in-memory store count events from 1: a checkpoint at p covers p events.
      for (const { position, eventsInTable } of saved) expect(eventsInTable).toBeGreaterThanOrEqual(Number(position));
    });
  });
});

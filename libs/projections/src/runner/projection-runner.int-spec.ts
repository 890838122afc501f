import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventStore, InMemoryEventStore, type NewEvent, type RecordedEvent, SqliteEventStore } from '@logbook/event-store';
import { InMemoryCheckpointStore } from './in-memory-checkpoint-store';
import type { Projection, RebuildProgress } from './projection';
import { ProjectionRunner } from './projection-runner';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store';

class RecordingProjection implements Projection {
  readonly name = 'recording';
  seen: RecordedEvent[] = [];
  resets = 0;
  constructor(readonly filter?: Projection['filter']) {}
  handle(event: RecordedEvent): void | Promise<void> {
    this.seen.push(event);
  }
  reset(): void {
    this.resets += 1;
    this.seen = [];
  }
}

const anEvent = (type = 'ShipMoved'): NewEvent => ({ id: randomUUID(), type, data: {} });
const ids = (events: { id: string }[]) => events.map((event) => event.id);

async function appendTo(store: EventStore, streamId: string, events: NewEvent[]): Promise<bigint> {
  return (await store.append(streamId, events, 'any')).position;
}

/** The same store as the runner sees one that can only be pulled from (PostgreSQL, EventStoreDB). */
const pulledOnly = (store: EventStore): EventStore =>
  new Proxy(store, { get: (target, key) => (key === 'subscribeToAllBatches' ? undefined : Reflect.get(target, key, target)) });

// Each case runs on a store that pushes live groups (in-process) and on one the runner pulls from.
describe.each([
  ['pushed batches', (store: EventStore) => store],
  ['a pulled iterable', pulledOnly],
])('ProjectionRunner, fed by %s', (_, feed) => {
  let store: EventStore;
  let checkpoints: InMemoryCheckpointStore;
  let projection: RecordingProjection;
  let runner: ProjectionRunner;
  beforeEach(() => {
    store = feed(new InMemoryEventStore({ liveCapacity: 5 }));
    checkpoints = new InMemoryCheckpointStore();
    projection = new RecordingProjection();
    runner = new ProjectionRunner(store, checkpoints, projection);
  });
  afterEach(async () => {
    await runner.stop();
    await store.close();
  });

  it('hands the projection every stored event in global order, then live ones', async () => {
    const history = [anEvent(), anEvent(), anEvent()];
    await appendTo(store, 'game-1', history.slice(0, 2));
    await appendTo(store, 'game-2', history.slice(2));
    await runner.start();
    const live = anEvent();
    await runner.whenHandled(await appendTo(store, 'game-1', [live]));
    expect(ids(projection.seen)).toEqual(ids([...history, live]));
  });

  it('hands an async projection every event once and in order, however many commit while it waits', async () => {
    const written = Array.from({ length: 40 }, () => anEvent());
    let inside = 0;
    let overlapped = false;
    projection.handle = async (event) => {
      inside += 1;
      overlapped ||= inside > 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      projection.seen.push(event);
      inside -= 1;
    };
    await runner.start();
    let last = 0n;
    // One at a time, more than the store's live buffer (5) while the projection waits.
    for (const event of written) last = await appendTo(store, 'game-1', [event]);
    await runner.whenHandled(last);
    expect(overlapped).toBe(false);
    expect(ids(projection.seen)).toEqual(ids(written));
  });

  it('stores the checkpoint after each handled event', async () => {
    await runner.start();
    const position = await appendTo(store, 'game-1', [anEvent()]);
    await runner.whenHandled(position);
    expect(await checkpoints.load('recording')).toBe(position);
  });

  it('only sees the events its filter keeps', async () => {
    projection = new RecordingProjection({ streamPrefixes: ['game-'] });
    runner = new ProjectionRunner(store, checkpoints, projection);
    await runner.start();
    await appendTo(store, 'lobby-1', [anEvent()]);
    const kept = anEvent();
    await runner.whenHandled(await appendTo(store, 'game-1', [kept]));
    expect(ids(projection.seen)).toEqual([kept.id]);
  });

  it('flushes the read model before every checkpoint it saves, so the checkpoint never runs ahead', async () => {
    const order: string[] = [];
    const flushing = Object.assign(new RecordingProjection(), { flush: () => void order.push('flush') });
    const recordingCheckpoints = new InMemoryCheckpointStore();
    const save = recordingCheckpoints.save.bind(recordingCheckpoints);
    recordingCheckpoints.save = async (name: string, position: bigint) => {
      order.push('save');
      await save(name, position);
    };
    runner = new ProjectionRunner(store, recordingCheckpoints, flushing, { checkpointEvery: 2 });
    const positions: bigint[] = [];
    for (let i = 0; i < 4; i++) positions.push(await appendTo(store, 'game-1', [anEvent()]));
    await runner.start();
    await runner.whenHandled(positions[3]);
    await runner.stop();
    expect(order.length).toBeGreaterThan(0);
    expect(order).toEqual(order.map((_, i) => (i % 2 === 0 ? 'flush' : 'save')));
  });

  it('with checkpointEvery, saves every n events and once more when stopped', async () => {
    runner = new ProjectionRunner(store, checkpoints, projection, { checkpointEvery: 3 });
    const positions: bigint[] = [];
    for (let i = 0; i < 4; i++) positions.push(await appendTo(store, 'game-1', [anEvent()]));
    await runner.start();
    await runner.whenHandled(positions[3]);
    expect(await checkpoints.load('recording')).toBe(positions[2]);
    await runner.stop();
    expect(await checkpoints.load('recording')).toBe(positions[3]);
  });

  describe('when the projection throws', () => {
    it('stops before checkpointing that event, and retries it on the next start', async () => {
      const events = [anEvent(), anEvent('Poison'), anEvent()];
      const first = await appendTo(store, 'game-1', [events[0]]);
      await appendTo(store, 'game-1', events.slice(1));
      let poisoned = true;
      const failures: unknown[] = [];
      projection.handle = (event) => {
        if (event.type === 'Poison' && poisoned) throw new Error('read model unavailable');
        projection.seen.push(event);
      };
      runner = new ProjectionRunner(store, checkpoints, projection, { onError: (error) => failures.push(error) });
      await runner.start();
      await waitUntil(() => runner.status === 'failed');
      expect(await checkpoints.load('recording')).toBe(first);
      expect(failures).toHaveLength(1);

      poisoned = false;
      await runner.start();
      await runner.whenHandled((await store.lastPosition()) as bigint);
      expect(ids(projection.seen)).toEqual(ids(events));
    });
  });

  describe('rebuilding from zero', () => {
    it('resets the read model, replays everything once with progress, then carries on live', async () => {
      const history = Array.from({ length: 5 }, () => anEvent());
      for (const event of history) await appendTo(store, 'game-1', [event]);
      runner = new ProjectionRunner(store, checkpoints, projection, { rebuildPageSize: 2 });
      await runner.start();
      await runner.whenHandled((await store.lastPosition()) as bigint);

      const progress: RebuildProgress[] = [];
      const handled = await runner.rebuild((report) => progress.push(report));

      expect(handled).toBe(5);
      expect(projection.resets).toBe(1);
      expect(ids(projection.seen)).toEqual(ids(history));
      expect(progress.map((report) => report.handled)).toEqual([0, 2, 4, 5, 5]);
      expect(progress.at(-1)?.fraction).toBe(1);
      const live = anEvent();
      await runner.whenHandled(await appendTo(store, 'game-2', [live]));
      expect(ids(projection.seen)).toEqual(ids([...history, live]));
    });

    it('reads only what a rebuild filter keeps, then stands at the target, so waiting for it ends', async () => {
      const kept = anEvent('ShipMoved');
      await appendTo(store, 'game-1', [kept, anEvent('BlessingAdvanced')]);
      const last = await appendTo(store, 'game-2', [anEvent('BlessingAdvanced')]);
      projection = Object.assign(new RecordingProjection({ streamPrefixes: ['game-'] }), {
        rebuildFilter: { streamPrefixes: ['game-'], eventTypes: ['ShipMoved'] },
      });
      runner = new ProjectionRunner(store, checkpoints, projection);
      expect(await runner.rebuild()).toBe(1);
      expect(ids(projection.seen)).toEqual([kept.id]);
      expect(await checkpoints.load('recording')).toBe(last);
      await runner.start();
      await runner.whenHandled(last);
      const live = anEvent('BlessingAdvanced');
      await runner.whenHandled(await appendTo(store, 'game-1', [live]));
      expect(ids(projection.seen)).toEqual([kept.id, live.id]);
    });

    it('asks for the next page before it folds the one it has, and for none past the target', async () => {
      const history = Array.from({ length: 5 }, () => anEvent());
      for (const event of history) await appendTo(store, 'game-1', [event]);
      const steps: string[] = [];
      const readAll = store.readAll.bind(store);
      store.readAll = (options) => {
        steps.push(`read after ${options?.fromPosition ?? 'start'}`);
        return readAll(options);
      };
      projection.handle = (event) => void steps.push(`fold ${event.position}`);
      runner = new ProjectionRunner(store, checkpoints, projection, { rebuildPageSize: 2 });
      expect(await runner.rebuild()).toBe(5);
      // A store that reads beside the event loop (SQLite's reader thread) builds a page while the one before is folded.
      expect(steps).toEqual(['read after start', 'read after 2', 'fold 1', 'fold 2', 'read after 4', 'fold 3', 'fold 4', 'fold 5']);
    });

    it("fails with the projection's error when it throws while the next page is read, and the page read ahead fails nothing else", async () => {
      for (let i = 0; i < 4; i++) await appendTo(store, 'game-1', [anEvent()]);
      const readAll = store.readAll.bind(store);
      store.readAll = (options) => (options?.fromPosition === undefined ? readAll(options) : Promise.reject(new Error('the store went away')));
      projection.handle = () => {
        throw new Error('the projection failed');
      };
      const unhandled: unknown[] = [];
      const listener = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', listener);
      try {
        runner = new ProjectionRunner(store, checkpoints, projection, { rebuildPageSize: 2 });
        await expect(runner.rebuild()).rejects.toThrow('the projection failed');
        expect(runner.status).toBe('failed');
        await new Promise((resolve) => setImmediate(resolve));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', listener);
      }
    });

    it('stops at the last position of when it began; later events come live, once', async () => {
      const history = [anEvent(), anEvent(), anEvent()];
      await appendTo(store, 'game-1', history);
      await runner.start();
      await runner.whenHandled((await store.lastPosition()) as bigint);
      const during = anEvent();
      let appended: Promise<bigint> | undefined;
      const handled = await runner.rebuild(() => {
        appended ??= appendTo(store, 'game-1', [during]);
      });
      await runner.whenHandled(await (appended as Promise<bigint>));
      expect(handled).toBe(3);
      expect(ids(projection.seen)).toEqual(ids([...history, during]));
    });
  });

  describe('when its checkpoint store refuses a save', () => {
    it('fails, leaves no rejection unobserved while nobody stops it, and says why when stopped', async () => {
      const refusing = new InMemoryCheckpointStore();
      refusing.save = () => Promise.reject(new Error('disk full'));
      runner = new ProjectionRunner(store, refusing, projection, { checkpointEvery: 1000, checkpointIntervalMs: 5 });
      await runner.start();
      await appendTo(store, 'game-1', [anEvent()]);
      // The timer's save fails and ends the loop; the loop's last save fails again, with no one awaiting it yet.
      await waitUntil(() => runner.status === 'failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(runner.error).toEqual(new Error('disk full'));
      await expect(runner.stop()).rejects.toThrow('disk full');
      runner = new ProjectionRunner(store, checkpoints, projection); // stopped already: nothing for afterEach to stop
    });
  });

  describe('checkpointing on a timer (read models off the command path)', () => {
    /** Records, at each flush, how many events it had handled: what a read model has written. */
    class FlushingProjection extends RecordingProjection {
      flushedUpTo: bigint | undefined;
      flush(): void {
        this.flushedUpTo = this.seen.at(-1)?.position;
      }
    }
    const until = async (condition: () => Promise<boolean>) => {
      while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    it('writes the projection and the checkpoint some time after the last event, with no further event', async () => {
      const flushing = new FlushingProjection();
      const timed = new ProjectionRunner(store, checkpoints, flushing, { checkpointEvery: 1000, checkpointIntervalMs: 10 });
      await timed.start();
      const last = await appendTo(store, 'game-1', [anEvent(), anEvent(), anEvent()]);
      await timed.whenHandled(last);
      await until(async () => (await checkpoints.load('recording')) === last);
      expect(flushing.flushedUpTo).toBe(last);
      await timed.stop();
    });

    it('never saves a checkpoint ahead of what the projection had written', async () => {
      const flushing = new FlushingProjection();
      const saved: Array<{ checkpoint: bigint; flushed: bigint | undefined }> = [];
      const watching = new InMemoryCheckpointStore();
      watching.save = async (_name, position) => void saved.push({ checkpoint: position, flushed: flushing.flushedUpTo });
      const timed = new ProjectionRunner(store, watching, flushing, { checkpointEvery: 7, checkpointIntervalMs: 1 });
      await timed.start();
      let last = 0n;
      for (let i = 0; i < 40; i++) {
        last = await appendTo(store, `game-${i % 3}`, [anEvent()]);
        if (i % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await timed.whenHandled(last);
      await timed.stop();
      expect(saved.length).toBeGreaterThan(0);
      expect(saved.at(-1)!.checkpoint).toBe(last);
      for (const { checkpoint, flushed } of saved) expect(flushed! >= checkpoint).toBe(true);
    });
  });
});

describe('ProjectionRunner on an in-process store', () => {
  it('has folded a live group by the time the append that wrote it is answered', async () => {
    const store = new InMemoryEventStore();
    const projection = new RecordingProjection();
    const runner = new ProjectionRunner(store, new InMemoryCheckpointStore(), projection, { checkpointEvery: 1000 });
    await runner.start();
    await runner.whenHandled(await appendTo(store, 'game-1', [anEvent()]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const group = [anEvent(), anEvent()];
    await appendTo(store, 'game-1', group);
    expect(ids(projection.seen.slice(1))).toEqual(ids(group));
    await runner.stop();
    await store.close();
  });
});

describe('ProjectionRunner across a restart (SQLite store and checkpoints)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-runner-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('resumes after its checkpoint without handling old events again', async () => {
    const files = { events: join(dir, 'events.db'), checkpoints: join(dir, 'checkpoints.db') };
    const before = [anEvent(), anEvent()];
    let store: EventStore = new SqliteEventStore({ filename: files.events });
    let checkpoints = new SqliteCheckpointStore({ filename: files.checkpoints });
    let projection = new RecordingProjection();
    let runner = new ProjectionRunner(store, checkpoints, projection);
    await runner.start();
    await runner.whenHandled(await appendTo(store, 'game-1', before));
    await runner.stop();
    await Promise.all([store.close(), checkpoints.close()]);

    store = new SqliteEventStore({ filename: files.events });
    const after = [anEvent()];
    const last = await appendTo(store, 'game-1', after);
    checkpoints = new SqliteCheckpointStore({ filename: files.checkpoints });
    projection = new RecordingProjection();
    runner = new ProjectionRunner(store, checkpoints, projection);
    await runner.start();
    await runner.whenHandled(last);
    await runner.stop();
    await Promise.all([store.close(), checkpoints.close()]);

    expect(ids(projection.seen)).toEqual(ids(after));
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition never became true');
}

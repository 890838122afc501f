import { GenerationalReadModel, RebuildInProgressError, type Generation } from './generations';
import type { ProjectionRunner, RunnerStatus } from './projection-runner';

/** A runner whose position the test moves by hand. */
class FakeRunner {
  status: RunnerStatus = 'stopped';
  position: bigint | undefined;
  error: unknown;
  reconnects = 0;
  filter = undefined;
  private waiters: Array<{ position: bigint; resolve: () => void }> = [];
  constructor(private readonly rebuiltTo: bigint | undefined) {}
  async rebuild(): Promise<number> {
    this.position = this.rebuiltTo;
    return Number(this.rebuiltTo ?? 0n);
  }
  async start(): Promise<void> {
    this.status = 'running';
  }
  async stop(): Promise<void> {
    if (this.status === 'running') this.status = 'stopped';
  }
  whenHandled(position: bigint): Promise<void> {
    if (this.position !== undefined && this.position >= position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }
  advance(to: bigint): void {
    this.position = to;
    for (const waiter of this.waiters.filter((w) => w.position <= to)) waiter.resolve();
    this.waiters = this.waiters.filter((w) => w.position > to);
  }
  fail(error: Error): void {
    this.status = 'failed';
    this.error = error;
  }
}

interface Made extends Generation<string> {
  fake: FakeRunner;
  discarded: boolean;
}

const generation = (number: number, rebuiltTo: bigint | undefined, position?: bigint): Made => {
  const fake = new FakeRunner(rebuiltTo);
  fake.position = position;
  const made: Made = {
    number,
    store: `rows of generation ${number}`,
    runner: fake as unknown as ProjectionRunner,
    fake,
    discarded: false,
    forgetHistory: () => undefined,
    discard: async () => {
      made.discarded = true;
    },
    close: async () => undefined,
  };
  return made;
};

const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Waits for `condition` over at most `ticks` timer ticks (work behind a timer, such as retiring, is not done in a few turns). */
const until = async (condition: () => boolean, ticks = 200) => {
  for (let i = 0; i < ticks && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
};

describe('a read model in generations', () => {
  const setup = (liveAt: bigint, rebuiltTo: bigint) => {
    const live = generation(0, undefined, liveAt);
    live.fake.status = 'running';
    const next = generation(1, rebuiltTo);
    const commits: number[] = [];
    const model = new GenerationalReadModel(
      'game-states',
      live,
      () => next,
      (n) => commits.push(n),
      { retireAfterMs: 0, pollMs: 5 },
    );
    return { live, next, commits, model };
  };

  it('keeps serving the live generation until the new one stands at or past its position', async () => {
    const { live, next, commits, model } = setup(10n, 6n);
    const done = model.rebuildOnline().done;
    await turns();
    // Replayed to 6 while the live one stands at 10: switching now would show older answers.
    expect(model.store).toBe(live.store);
    expect(model.rebuildStatus?.state).toBe('catching-up');
    live.fake.advance(12n);
    next.fake.advance(11n);
    await turns();
    expect(model.store).toBe(live.store);
    expect(commits).toEqual([]);
    next.fake.advance(12n);
    await expect(done).resolves.toMatchObject({ state: 'switched', generation: 1 });
    expect(model.store).toBe(next.store);
    expect(model.live.number).toBe(1);
    expect(commits).toEqual([1]);
    // The old generation is retired behind a timer (`retireAfterMs`), so event-loop turns alone may end first.
    await until(() => live.discarded);
    expect(live.discarded).toBe(true);
    expect(next.discarded).toBe(false);
  });

  it('moves a reader waiting on the live runner to the new one at the switch', async () => {
    const { live, next, model } = setup(10n, 10n);
    let handled = false;
    void model.runner.whenHandled(15n).then(() => (handled = true));
    await model.rebuildOnline().done;
    // The old runner is stopped now and will never reach 15: the wait follows the new one.
    live.fake.advance(20n);
    await turns();
    expect(handled).toBe(false);
    next.fake.advance(15n);
    await turns();
    expect(handled).toBe(true);
  });

  it('refuses a second rebuild while one is under way', async () => {
    const { next, model } = setup(10n, 5n);
    const done = model.rebuildOnline().done;
    expect(() => model.rebuildOnline()).toThrow(RebuildInProgressError);
    next.fake.advance(10n);
    await done;
  });

  it('drops the new generation and keeps the live one when the new runner fails while catching up', async () => {
    const { live, next, commits, model } = setup(10n, 5n);
    const done = model.rebuildOnline().done;
    await turns();
    next.fake.fail(new Error('projection threw'));
    await expect(done).rejects.toThrow('projection threw');
    expect(model.store).toBe(live.store);
    expect(next.discarded).toBe(true);
    expect(live.discarded).toBe(false);
    expect(commits).toEqual([]);
    expect(model.rebuildStatus).toMatchObject({ state: 'failed', error: 'projection threw' });
    expect(model.generations()).toEqual([live]);
  });

  it('closed mid-rebuild, stops the live runner even when the one being built fails to stop, and then reports that failure', async () => {
    const { live, next, model } = setup(10n, 5n);
    // The rebuild is stopped by the close: its end is not what this case checks.
    const ended = model.rebuildOnline().done.catch(() => undefined);
    await turns();
    next.fake.stop = () => Promise.reject(new Error('last save refused'));
    await expect(model.close()).rejects.toThrow('last save refused');
    expect(live.fake.status).toBe('stopped');
    await ended;
  });
});

import { KeyedLock } from './keyed-lock';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('KeyedLock', () => {
  it('runs work for one key one at a time, in arrival order', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const job = (name: string, hops: number) => async () => {
      log.push(`${name} starts`);
      for (let i = 0; i < hops; i++) await tick();
      log.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([lock.run('g', job('a', 3)), lock.run('g', job('b', 1)), lock.run('g', job('c', 2))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('runs work for other keys meanwhile', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    let release!: () => void;
    const held = lock.run('g1', () => new Promise<void>((resolve) => (release = resolve)).then(() => void log.push('g1 done')));
    await lock.run('g2', async () => void log.push('g2 done'));
    release();
    await held;
    expect(log).toEqual(['g2 done', 'g1 done']);
  });

  it('lets the next work run after a failure, which reaches only its own caller', async () => {
    const lock = new KeyedLock();
    const failing = lock.run('g', async () => {
      await tick();
      throw new Error('refused');
    });
    const throwing = lock.run('g', () => {
      throw new Error('at once');
    });
    const next = lock.run('g', async () => 'next');
    await expect(failing).rejects.toThrow('refused');
    await expect(throwing).rejects.toThrow('at once');
    await expect(next).resolves.toBe('next');
  });

  it('forgets a key once nothing is queued for it', async () => {
    const lock = new KeyedLock();
    const first = lock.run('g', async () => 1);
    const second = lock.run('g', async () => 2);
    expect(lock.busy('g')).toBe(true);
    await Promise.all([first, second]);
    await tick();
    expect(lock.busy('g')).toBe(false);
    await expect(lock.run('g', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await tick();
    expect(lock.busy('g')).toBe(false);
  });
});

/**
 * Runs work for the same key one at a time, in arrival order (work for other keys runs freely).
 * Commands for one game are decided against the latest state instead of racing to a conflict.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    // Nothing queued for this key: start at once rather than one promise hop later (every
    // command takes the lock; most find it free).
    const result = previous === undefined ? start(work) : previous.then(work, work);
    const tails = this.tails;
    // Settles once `result` has, never rejects; the last in line removes the key.
    const tail: Promise<unknown> = result.then(release, release);
    tails.set(key, tail);
    function release(): void {
      if (tails.get(key) === tail) tails.delete(key);
    }
    return result;
  }

  /** Whether work for `key` is running or queued. */
  busy(key: string): boolean {
    return this.tails.has(key);
  }
}

function start<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (error) {
    return Promise.reject(error);
  }
}

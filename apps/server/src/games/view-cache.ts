// The board view a seat last fetched, serialized: a view is a pure function of the game's log up to
// its revision and of who asks, so (game, revision, seat) names it exactly and a new revision makes
// the old entry unreachable. Bounded: the least recently used entries go first.
import { LRUCache } from 'lru-cache';

export class SerializedViewCache {
  private readonly entries: LRUCache<string, string>;

  constructor(capacity = 1000) {
    this.entries = new LRUCache<string, string>({ max: capacity });
  }

  static key(gameId: string, revision: number, seat: number | null): string {
    return `${gameId}\u0000${revision}\u0000${seat ?? 's'}`;
  }

  /** The cached text for `key`, else `make()`'s, remembered. */
  get(key: string, make: () => string): string {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const text = make();
    this.entries.set(key, text);
    return text;
  }

  get size(): number {
    return this.entries.size;
  }
}

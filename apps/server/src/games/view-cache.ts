// The board view a seat last fetched, serialized: a view is a pure function of the game's log up to
// its revision and of who asks, so (game, revision, seat) names it exactly and a new revision makes
// the old entry unreachable. Bounded by count and by bytes (a huge scenario's view is megabytes):
// the least recently used entries go first.
import { LRUCache } from 'lru-cache';
import { DEFAULT_CACHE_BUDGETS } from './cache-budgets';

export class SerializedViewCache {
  private readonly entries: LRUCache<string, string>;

  constructor(capacity = 1000, maxBytes = DEFAULT_CACHE_BUDGETS.viewsBytes) {
    // V8 keeps these texts (JSON of ASCII keys and values) at a byte per character.
    this.entries = new LRUCache<string, string>({ max: capacity, maxSize: maxBytes, sizeCalculation: (text) => Math.max(1, text.length) });
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

  /** Drops every view of the game (its names changed: a subject was erased). */
  forgetGame(gameId: string): void {
    const prefix = `${gameId}\u0000`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The characters of every text held. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

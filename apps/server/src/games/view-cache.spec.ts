import { SerializedViewCache } from './view-cache';

describe('SerializedViewCache', () => {
  it('makes a view once per game, revision and seat', () => {
    const cache = new SerializedViewCache();
    let made = 0;
    const make = (text: string) => () => ((made += 1), text);
    expect(cache.get(SerializedViewCache.key('g', 3, 0), make('a'))).toBe('a');
    expect(cache.get(SerializedViewCache.key('g', 3, 0), make('b'))).toBe('a');
    expect(cache.get(SerializedViewCache.key('g', 3, 1), make('c'))).toBe('c');
    expect(cache.get(SerializedViewCache.key('g', 3, null), make('d'))).toBe('d');
    expect(cache.get(SerializedViewCache.key('g', 4, 0), make('e'))).toBe('e');
    expect(made).toBe(4);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new SerializedViewCache(2);
    cache.get('a', () => 'A');
    cache.get('b', () => 'B');
    cache.get('a', () => 'A2');
    cache.get('c', () => 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('a', () => 'A3')).toBe('A');
    expect(cache.get('b', () => 'B2')).toBe('B2');
  });

  it('holds large views within its byte budget, the least recently used dropped first', () => {
    const budget = 2 ** 20;
    const cache = new SerializedViewCache(1000, budget);
    const big = (i: number) => `${i}`.padEnd(100_000, 'x');
    for (let i = 0; i < 30; i++) {
      cache.get(`v${i}`, () => big(i));
      expect(cache.bytes).toBeLessThanOrEqual(budget);
    }
    expect(cache.size).toBe(10);
    cache.get('v20', () => 'made again');
    expect(cache.get('v20', () => 'made again')).toBe(big(20));
    expect(cache.get('v0', () => 'made again')).toBe('made again');
  });
});

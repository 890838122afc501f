import { FeedFrameCache } from './feed-frame-cache';

/** What a frame of `text` costs the cache: its characters and a fixed overhead. */
const cost = (text: string) => text.length + 32;

describe('the feed frame cache', () => {
  it('keeps a contiguous run of frames from revision 0 per viewer class, and reads pages of it', () => {
    const cache = new FeedFrameCache(10 * cost('f0'));
    const key = FeedFrameCache.key('g', null, false);
    cache.add(key, 1, 11n, 'one'); // not contiguous from 0: ignored
    expect(cache.read(key, 0, 5)).toEqual({ frames: [] });
    for (let r = 0; r < 4; r++) cache.add(key, r, BigInt(10 + r), `f${r}`);
    cache.add(key, 6, 16n, 'gap'); // a gap: ignored
    expect(cache.read(key, 1, 2)).toEqual({ frames: ['f1', 'f2'], lastPosition: 12n });
    expect(cache.read(key, 3, 5)).toEqual({ frames: ['f3'], lastPosition: 13n });
    expect(cache.read(key, 4, 5)).toEqual({ frames: [] });
    // Seats and spectators, hidden and open secrets, never share frames.
    expect(cache.read(FeedFrameCache.key('g', 1, false), 0, 5)).toEqual({ frames: [] });
    expect(cache.read(FeedFrameCache.key('g', null, true), 0, 5)).toEqual({ frames: [] });
  });

  it('drops the least recently used viewer class past its limit', () => {
    const cache = new FeedFrameCache(5 * cost('a0'));
    const a = FeedFrameCache.key('a', null, false);
    const b = FeedFrameCache.key('b', null, false);
    for (let r = 0; r < 3; r++) cache.add(a, r, BigInt(r), `a${r}`);
    for (let r = 0; r < 3; r++) cache.add(b, r, BigInt(r), `b${r}`);
    expect(cache.read(a, 0, 5).frames).toEqual([]);
    expect(cache.read(b, 0, 5).frames).toEqual(['b0', 'b1', 'b2']);
  });

  it('holds large frames within its byte budget, the least recently used viewer classes dropped first', () => {
    const budget = 2 ** 20;
    const cache = new FeedFrameCache(budget);
    const big = (i: number) => `${i}`.padEnd(100_000, 'x');
    const keys = Array.from({ length: 30 }, (_, i) => FeedFrameCache.key(`g${i}`, null, false));
    keys.forEach((key, i) => {
      cache.add(key, 0, BigInt(i), big(i));
      expect(cache.bytes).toBeLessThanOrEqual(budget);
    });
    expect(cache.bytes).toBeGreaterThan(budget - cost(big(0)));
    expect(cache.read(keys[29] as string, 0, 1).frames).toEqual([big(29)]);
    expect(cache.read(keys[20] as string, 0, 1).frames).toEqual([big(20)]);
    expect(cache.read(keys[0] as string, 0, 1).frames).toEqual([]);
  });
});

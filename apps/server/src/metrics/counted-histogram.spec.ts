import { Registry } from 'prom-client';
import { CountedHistogram } from './counted-histogram';

describe('CountedHistogram', () => {
  it('exposes cumulative buckets (a value on a bound counts in it), +Inf, sum and count per label set', async () => {
    const registry = new Registry();
    const histogram = new CountedHistogram('test_seconds', 'A test histogram', [0.1, 1], registry);
    const fast = histogram.seriesOf('fast', () => ({ route: '/a' }));
    for (const value of [0.05, 0.1, 0.5, 3]) fast.observe(value);
    histogram.seriesOf('slow', () => ({ route: '/b' })).observe(2);
    expect(histogram.seriesOf('fast', () => ({ route: 'never made again' }))).toBe(fast);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE test_seconds histogram\n');
    for (const line of [
      'test_seconds_bucket{route="/a",le="0.1"} 2',
      'test_seconds_bucket{route="/a",le="1"} 3',
      'test_seconds_bucket{route="/a",le="+Inf"} 4',
      'test_seconds_sum{route="/a"} 3.65',
      'test_seconds_count{route="/a"} 4',
      'test_seconds_bucket{route="/b",le="1"} 0',
      'test_seconds_count{route="/b"} 1',
    ]) {
      expect(text).toContain(`${line}\n`);
    }
  });
});

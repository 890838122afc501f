// A histogram that counts into plain arrays and becomes prom-client's shape only when scraped.
// prom-client's own Histogram hashes and checks its labels on every observation (about as long
// as the rest of an HTTP request's bookkeeping); here a series is found once and each sample is
// a bucket search and three additions.
import type { MetricValueWithName, Registry } from 'prom-client';

type Labels = Record<string, string>;

/** One label set's buckets (not cumulative), sum and count. */
export class HistogramSeries {
  private readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    private readonly bounds: readonly number[],
    readonly labels: Labels,
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]) i++;
    this.counts[i] += 1;
    this.sum += value;
    this.count += 1;
  }

  /** Prometheus' buckets: cumulative, `le` the upper bound, the last `+Inf`. */
  values(name: string): MetricValueWithName<string>[] {
    const out: MetricValueWithName<string>[] = [];
    let cumulative = 0;
    for (let i = 0; i <= this.bounds.length; i++) {
      cumulative += this.counts[i];
      out.push({ metricName: `${name}_bucket`, labels: { ...this.labels, le: i < this.bounds.length ? this.bounds[i] : '+Inf' }, value: cumulative });
    }
    out.push({ metricName: `${name}_sum`, labels: this.labels, value: this.sum });
    out.push({ metricName: `${name}_count`, labels: this.labels, value: this.count });
    return out;
  }
}

export class CountedHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The series of a label set, made on first use; `key` names it (its joined values). */
  seriesOf(key: string, labels: () => Labels): HistogramSeries {
    let series = this.series.get(key);
    if (series === undefined) this.series.set(key, (series = new HistogramSeries(this.bounds, labels())));
    return series;
  }

  /** What the registry reads of a metric when it is scraped. */
  get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: MetricValueWithName<string>[] }> {
    const values = [...this.series.values()].flatMap((series) => series.values(this.name));
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  reset(): void {
    this.series.clear();
  }
}

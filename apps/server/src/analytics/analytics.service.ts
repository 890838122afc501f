// Cross-game summaries and their charts for the HTTP API, each cached until the analytics read
// model moves on: a summary reads every matching game's figures, and a chart runs Vega in a
// child process (about a second).
import { Inject, Injectable } from '@nestjs/common';
import { READ_MODELS, chartSpecs, renderSvgs, type ChartName, type ReadModels } from '@logbook/app-core';
import { summarizeAnalytics, type AnalyticsFilter, type AnalyticsSummary } from '@logbook/projections';

const CACHE_SIZE = 50;

/** A small map that forgets the least recently added entry past its size. */
class Cache<V> {
  private readonly entries = new Map<string, V>();
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): V {
    this.entries.set(key, value);
    if (this.entries.size > CACHE_SIZE) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return value;
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

@Injectable()
export class AnalyticsService {
  private readonly summaries = new Cache<AnalyticsSummary>();
  private readonly charts = new Cache<Promise<Record<string, string>>>();

  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  summary(filter: AnalyticsFilter): AnalyticsSummary {
    const key = this.keyOf(filter);
    return this.summaries.get(key) ?? this.summaries.set(key, summarizeAnalytics(this.readModels.analytics.list(filter)));
  }

  async chart(name: ChartName, filter: AnalyticsFilter, scope: string): Promise<string> {
    const key = `${this.keyOf(filter)}\u0000${scope}`;
    let svgs = this.charts.get(key);
    if (!svgs) {
      svgs = this.charts.set(key, renderSvgs(chartSpecs(this.summary(filter), scope)));
      svgs.catch(() => this.charts.delete(key));
    }
    return (await svgs)[name] ?? '';
  }

  /** The filter at the read model's current position: a new event makes a new key. */
  private keyOf(filter: AnalyticsFilter): string {
    return JSON.stringify([String(this.readModels.runners.analytics.position ?? ''), filter]);
  }
}

// Cross-game summaries and their charts for the HTTP API, each cached until the analytics read
// model moves on: a summary reads every matching game's figures, and a chart runs Vega in a
// child process (about a second).
import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { READ_MODELS, chartSpecs, renderSvgs, type ChartName, type ReadModels } from '@logbook/app-core';
import { summarizeAnalytics, type AnalyticsFilter, type AnalyticsSummary } from '@logbook/projections';

const CACHE_SIZE = 50;

@Injectable()
export class AnalyticsService {
  private readonly summaries = new LRUCache<string, AnalyticsSummary>({ max: CACHE_SIZE });
  private readonly charts = new LRUCache<string, Promise<Record<string, string>>>({ max: CACHE_SIZE });

  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  summary(filter: AnalyticsFilter): AnalyticsSummary {
    const key = this.keyOf(filter);
    let summary = this.summaries.get(key);
    if (!summary) {
      summary = summarizeAnalytics(this.readModels.analytics.list(filter));
      this.summaries.set(key, summary);
    }
    return summary;
  }

  async chart(name: ChartName, filter: AnalyticsFilter, scope: string): Promise<string> {
    const key = `${this.keyOf(filter)}\u0000${scope}`;
    let svgs = this.charts.get(key);
    if (!svgs) {
      svgs = renderSvgs(chartSpecs(this.summary(filter), scope));
      this.charts.set(key, svgs);
      svgs.catch(() => this.charts.delete(key));
    }
    return (await svgs)[name] ?? '';
  }

  /** The filter at the read model's current position: a new event makes a new key. */
  private keyOf(filter: AnalyticsFilter): string {
    return JSON.stringify([String(this.readModels.runners.analytics.position ?? ''), filter]);
  }
}

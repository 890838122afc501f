// Renders the analytics charts as SVG for the HTTP API, caching each render until the read
// model moves on (rendering runs Vega in a child process, about a second).
import { Inject, Injectable } from '@nestjs/common';
import { READ_MODELS, chartSpecs, renderSvgs, type ChartName, type ReadModels } from '@logbook/app-core';
import { summarizeAnalytics, type AnalyticsFilter } from '@logbook/projections';

const CACHE_SIZE = 50;

@Injectable()
export class AnalyticsChartsService {
  private readonly cache = new Map<string, Promise<Record<string, string>>>();

  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async render(name: ChartName, filter: AnalyticsFilter, scope: string): Promise<string> {
    const key = JSON.stringify([String(this.readModels.runners.analytics.position ?? ''), filter, scope]);
    let svgs = this.cache.get(key);
    if (!svgs) {
      const summary = summarizeAnalytics(this.readModels.analytics.list(filter));
      svgs = renderSvgs(chartSpecs(summary, scope));
      this.cache.set(key, svgs);
      svgs.catch(() => this.cache.delete(key));
      if (this.cache.size > CACHE_SIZE) {
        const oldest = this.cache.keys().next();
        if (!oldest.done) this.cache.delete(oldest.value);
      }
    }
    return (await svgs)[name] ?? '';
  }
}

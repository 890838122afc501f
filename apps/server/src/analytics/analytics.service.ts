// Cross-game summaries and their charts for the HTTP API. A summary filters and sums every matching
// game's figures; the figures are read from the read model once per position it reaches (not once
// per filter: a client varying `from` would otherwise have every request read and parse every game),
// and each summary and chart is cached until the read model moves on (a chart runs Vega in a child
// process, about a second).
import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { READ_MODELS, chartSpecs, renderSvgs, type ChartName, type ReadModels } from '@logbook/app-core';
import {
  groupVoyages,
  matches,
  playerAnalytics,
  summarizeAnalytics,
  type AnalyticsFilter,
  type AnalyticsSummary,
  type GameAnalytics,
  type GroupVoyages,
  type PlayerAnalytics,
} from '@logbook/projections';

const CACHE_SIZE = 50;

/** How long a query waits for the read model to catch up with what is already recorded. */
const CATCH_UP_MS = 2000;

@Injectable()
export class AnalyticsService {
  private readonly summaries = new LRUCache<string, AnalyticsSummary>({ max: CACHE_SIZE });
  private readonly charts = new LRUCache<string, Promise<Record<string, string>>>({ max: CACHE_SIZE });

  /** Every game's figures at the read model's position `position`. */
  private figures: { position: string; games: Promise<readonly GameAnalytics[]> } | undefined;

  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Read-your-writes: wait (briefly) until the read model has seen everything recorded so far. */
  async caughtUp(): Promise<void> {
    const last = await this.store.lastPosition();
    if (last === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.readModels.runners.analytics.whenHandled(last), new Promise((resolve) => (timer = setTimeout(resolve, CATCH_UP_MS)))]);
    clearTimeout(timer);
  }

  /** Drops every summary and chart held (a subject was erased: their games' names changed). */
  forgetCached(): void {
    this.summaries.clear();
    this.charts.clear();
    this.figures = undefined;
  }

  async summary(filter: AnalyticsFilter): Promise<AnalyticsSummary> {
    const key = this.keyOf(filter);
    let summary = this.summaries.get(key);
    if (!summary) {
      summary = summarizeAnalytics((await this.games()).filter((game) => matches(game, filter)));
      this.summaries.set(key, summary);
    }
    return summary;
  }

  /** A profile's figures over the games it sat in (linked seats only). */
  async player(playerId: string): Promise<PlayerAnalytics> {
    await this.caughtUp();
    return playerAnalytics(playerId, await this.games());
  }

  /** The games every one of `playerIds` sat in, newest first, at most `limit`, and a summary over them. */
  async voyages(playerIds: readonly string[], limit: number): Promise<GroupVoyages> {
    await this.caughtUp();
    return groupVoyages(playerIds, await this.games(), limit);
  }

  /** Every game's figures, read again only once the read model has moved on (one read for concurrent requests). */
  private games(): Promise<readonly GameAnalytics[]> {
    const position = this.position();
    if (this.figures?.position !== position) {
      const games = Promise.resolve(this.readModels.analytics.list());
      this.figures = { position, games };
      games.catch(() => {
        if (this.figures?.games === games) this.figures = undefined;
      });
    }
    return this.figures.games;
  }

  private position(): string {
    return String(this.readModels.runners.analytics.position ?? '');
  }

  async chart(name: ChartName, filter: AnalyticsFilter, scope: string): Promise<string> {
    const key = `${this.keyOf(filter)}\u0000${scope}`;
    let svgs = this.charts.get(key);
    if (!svgs) {
      svgs = this.summary(filter).then((summary) => renderSvgs(chartSpecs(summary, scope)));
      this.charts.set(key, svgs);
      svgs.catch(() => this.charts.delete(key));
    }
    return (await svgs)[name] ?? '';
  }

  /** The filter at the read model's current position: a new event makes a new key. */
  private keyOf(filter: AnalyticsFilter): string {
    return JSON.stringify([this.position(), filter]);
  }
}

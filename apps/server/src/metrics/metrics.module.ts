import { Global, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ModuleRef } from '@nestjs/core';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { READ_MODELS, type AppConfig, type ReadModels } from '@logbook/app-core';
import { COMMAND_RULES, PIPELINE_RULES } from '../openapi/command-rules';
import { GameRepository } from '../games/game-repository';
import { LiveFeedService } from '../games/live-feed.service';
import { SeekIndexService } from '../history/seek-index.service';
import { LogbookMetrics } from './logbook-metrics';
import { MetricsController } from './metrics.controller';

const knownLabels = () => ({
  commands: new Set(Object.keys(COMMAND_RULES)),
  rules: new Set([...PIPELINE_RULES, ...Object.values(COMMAND_RULES).flat()]),
});

/** `GET /metrics` and the one registry every counter of this application writes to. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [
    {
      provide: LogbookMetrics,
      inject: [ConfigService],
      useFactory: (config: ConfigService) => new LogbookMetrics(config.get<AppConfig['metrics']>('metrics')?.enabled ?? true, knownLabels()),
    },
  ],
  exports: [LogbookMetrics],
})
export class MetricsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly metrics: LogbookMetrics,
    private readonly modules: ModuleRef,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The services the gauges read live in other modules: found once they all exist. */
  onApplicationBootstrap(): void {
    if (!this.metrics.enabled) return;
    const find = <T>(type: (abstract new (...args: never[]) => T) | symbol): T | undefined => {
      try {
        return this.modules.get(type, { strict: false });
      } catch {
        return undefined;
      }
    };
    const feeds = find(LiveFeedService);
    const games = find(GameRepository);
    const seek = find(SeekIndexService);
    const readModels = find<ReadModels>(READ_MODELS);
    const { store } = this;
    this.metrics.readFrom({
      openFeeds: () => feeds?.openFeeds ?? 0,
      gamesInMemory: () => ({ games: games?.cachedGames ?? 0, bytes: games?.cachedBytes ?? 0 }),
      seekIndexBytes: () => {
        const report = seek?.report();
        return report ? report.snapshotBytes + report.eventBytes : 0;
      },
      // As /health counts it: the store's last position less the last one the read model handled.
      async readModelLag() {
        if (!readModels) return {};
        let last: bigint | undefined;
        try {
          last = await store.lastPosition();
        } catch {
          return Object.fromEntries(Object.keys(readModels.runners).map((name) => [name, undefined]));
        }
        return Object.fromEntries(
          Object.entries(readModels.runners).map(([name, runner]) => [name, last === undefined ? 0 : Number(last - (runner.position ?? 0n))]),
        );
      },
    });
    this.store.observeCommits?.(this.metrics.commit);
  }

  onApplicationShutdown(): void {
    this.store.observeCommits?.(undefined);
  }
}

import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { toAppConfig, validateEnvironment } from '@logbook/app-core';
import { AnalyticsModule } from './analytics/analytics.module';
import { GamesModule } from './games/games.module';
import { PlayersModule } from './players/players.module';
import { HealthController } from './health/health.controller';
import { RateLimitsModule } from './http/rate-limits';
import { RequestLogModule } from './http/request-log';
import { StorageBudgetModule } from './http/storage-budget';
import { MetricsModule } from './metrics/metrics.module';
import { ShutdownModule } from './shutdown/shutdown.module';
import { ReadModelsModule } from './read-models/read-models.module';
import { StoreModule } from './store/store.module';
import { WebModule } from './web/web.module';

@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      ignoreEnvFile: true,
      validate: validateEnvironment,
      load: [() => toAppConfig(validateEnvironment(process.env))],
    }),
    StoreModule,
    MetricsModule,
    ShutdownModule,
    RateLimitsModule,
    StorageBudgetModule,
    RequestLogModule,
    GamesModule,
    PlayersModule,
    ReadModelsModule,
    AnalyticsModule,
    WebModule,
  ],
  controllers: [HealthController],
})
export class AppModule {}

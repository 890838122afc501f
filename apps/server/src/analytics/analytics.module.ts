import { Module } from '@nestjs/common';
import { ReadModelsModule } from '../read-models/read-models.module';
import { AnalyticsService } from './analytics.service';
import { AnalyticsController } from './analytics.controller';

/** Analytics across past games: figures and charts from the analytics read model. */
@Module({
  imports: [ReadModelsModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsService],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}

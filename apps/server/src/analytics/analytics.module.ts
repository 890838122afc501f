import { Module } from '@nestjs/common';
import { ReadModelsModule } from '../read-models/read-models.module';
import { AnalyticsChartsService } from './analytics-charts.service';
import { AnalyticsController } from './analytics.controller';

/** Analytics across past games: figures and charts from the analytics read model. */
@Module({
  imports: [ReadModelsModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsChartsService],
})
export class AnalyticsModule {}

import { Module } from '@nestjs/common';
import { SEEK_CONFIG, seekConfigFrom } from './seek-config';
import { SeekIndexService } from './seek-index.service';
import { TimelineController } from './timeline.controller';

/** Timeline and seek: the per-game seek indexes and what reads them. */
@Module({
  controllers: [TimelineController],
  providers: [SeekIndexService, { provide: SEEK_CONFIG, useFactory: () => seekConfigFrom(process.env) }],
  exports: [SeekIndexService],
})
export class HistoryModule {}

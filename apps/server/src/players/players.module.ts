import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { AnalyticsModule } from '../analytics/analytics.module';
import { PlayersController } from './players.controller';
import { ProfilesModule } from './profiles.module';

/** The profiles' HTTP calls (their erasure goes through the games module's PersonalDataService). */
@Module({ imports: [ProfilesModule, GamesModule, AnalyticsModule], controllers: [PlayersController] })
export class PlayersModule {}

import { Module, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '@logbook/app-core';
import { setFrozenStates } from '@logbook/rules';
import { GameCommandsService } from './game-commands.service';
import { GameEventsService } from './game-events.service';
import { GameRepository } from './game-repository';
import { GamesController } from './games.controller';
import { GamePortabilityService } from './game-portability.service';
import { PortabilityController } from './portability.controller';
import { LiveFeedService } from './live-feed.service';
import { cryptoRng, RNG } from './rng.provider';
import { ScenarioResolver } from './scenario-resolver';
import { ScenariosController } from './scenarios.controller';
import { CommandSeatGuard, SeatGuard } from './seat.guard';
import { HistoryModule } from '../history/history.module';

@Module({
  imports: [HistoryModule],
  controllers: [GamesController, PortabilityController, ScenariosController],
  providers: [GameCommandsService, GameEventsService, GamePortabilityService, SeatGuard, CommandSeatGuard, GameRepository, ScenarioResolver, LiveFeedService, { provide: RNG, useValue: cryptoRng }],
})
export class GamesModule implements OnModuleInit {
  constructor(private readonly config: ConfigService) {}

  onModuleInit(): void {
    setFrozenStates(this.config.getOrThrow<AppConfig['freezeStates']>('freezeStates'));
  }
}

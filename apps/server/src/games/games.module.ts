import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '@logbook/app-core';
import { GameCommandsService } from './game-commands.service';
import { GameEventsService } from './game-events.service';
import { FREEZE_STATES, GameRepository } from './game-repository';
import { GamesController } from './games.controller';
import { GamePortabilityService } from './game-portability.service';
import { PortabilityController } from './portability.controller';
import { LiveFeedService } from './live-feed.service';
import { cryptoRng, RNG } from './rng.provider';
import { ScenarioResolver } from './scenario-resolver';
import { ScenariosController } from './scenarios.controller';
import { CommandSeatGuard, SeatGuard, ViewerGuard } from './seat.guard';
import { HistoryModule } from '../history/history.module';
import { BotRunner } from '../bots/bot-runner.service';
import { SeatsController } from '../bots/seats.controller';

@Module({
  imports: [HistoryModule],
  controllers: [GamesController, PortabilityController, ScenariosController, SeatsController],
  providers: [
    GameCommandsService,
    GameEventsService,
    GamePortabilityService,
    SeatGuard,
    CommandSeatGuard,
    ViewerGuard,
    GameRepository,
    ScenarioResolver,
    LiveFeedService,
    BotRunner,
    { provide: RNG, useValue: cryptoRng },
    // Whether the games' states are frozen: configuration handed to the repository, which gives
    // it to every game's history, instead of a setting of the rules library for the whole process.
    { provide: FREEZE_STATES, inject: [ConfigService], useFactory: (config: ConfigService) => config.getOrThrow<AppConfig['freezeStates']>('freezeStates') },
  ],
})
export class GamesModule {}

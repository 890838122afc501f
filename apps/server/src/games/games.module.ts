import { Inject, Module, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { openSnapshotStore, SNAPSHOT_EVERY, SNAPSHOT_STORE, type AppConfig, type SnapshotStore } from '@logbook/app-core';
import { GameCommandsService } from './game-commands.service';
import { GameEventsService } from './game-events.service';
import { FREEZE_STATES, GameRepository } from './game-repository';
import { GamesController } from './games.controller';
import { GamePortabilityService } from './game-portability.service';
import { NotesController } from './notes.controller';
import { PortabilityController } from './portability.controller';
import { LiveFeedService } from './live-feed.service';
import { cryptoRng, RNG } from './rng.provider';
import { RulesCheck } from './rules-check';
import { ScenarioResolver } from './scenario-resolver';
import { ScenariosController } from './scenarios.controller';
import { CommandSeatGuard, SeatGuard, ViewerGuard } from './seat.guard';
import { HistoryModule } from '../history/history.module';
import { PresenceController } from '../presence/presence.controller';
import { PresenceModule } from '../presence/presence.module';
import { PersonalDataService } from './personal-data.service';
import { SeatNamesController } from './seat-names.controller';
import { SeatClaimsController } from './seat-claims.controller';
import { BotRunner } from '../bots/bot-runner.service';
import { SeatsController } from '../bots/seats.controller';
import { ProfilesModule } from '../players/profiles.module';

@Module({
  imports: [HistoryModule, PresenceModule, ProfilesModule],
  controllers: [
    GamesController,
    PortabilityController,
    ScenariosController,
    NotesController,
    PresenceController,
    SeatNamesController,
    SeatsController,
    SeatClaimsController,
  ],
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
    RulesCheck,
    PersonalDataService,
    BotRunner,
    { provide: RNG, useValue: cryptoRng },
    // Whether the games' states are frozen: configuration handed to the repository, which gives
    // it to every game's history, instead of a setting of the rules library for the whole process.
    { provide: FREEZE_STATES, inject: [ConfigService], useFactory: (config: ConfigService) => config.getOrThrow<AppConfig['freezeStates']>('freezeStates') },
    {
      provide: SNAPSHOT_STORE,
      inject: [ConfigService],
      useFactory: (config: ConfigService) => openSnapshotStore(config.get<AppConfig['snapshots']>('snapshots') ?? { kind: 'off' }),
    },
    {
      provide: SNAPSHOT_EVERY,
      inject: [ConfigService],
      useFactory: (config: ConfigService) => {
        const snapshots = config.get<AppConfig['snapshots']>('snapshots');
        return snapshots && snapshots.kind !== 'off' ? snapshots.every : 500;
      },
    },
  ],
  // The erasure the profiles' DELETE /players/:id and the command line call.
  exports: [PersonalDataService],
})
export class GamesModule implements OnApplicationShutdown {
  constructor(@Optional() @Inject(SNAPSHOT_STORE) private readonly snapshots?: SnapshotStore | null) {}

  /** After the repository wrote the snapshots still waiting (its onModuleDestroy). */
  onApplicationShutdown(): void {
    this.snapshots?.close();
  }
}

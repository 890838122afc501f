import { Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { openReadModels, READ_MODELS, type AppConfig, type ReadModels } from '@logbook/app-core';
import { GamesListController } from './games-list.controller';
import { ReadModelsAdminController } from './read-models-admin.controller';

/** Keeps the read models live: their runners follow the store from their checkpoints. */
@Module({
  controllers: [GamesListController, ReadModelsAdminController],
  providers: [
    {
      provide: READ_MODELS,
      inject: [EVENT_STORE, ConfigService],
      // A projection's version change rebuilds online: the stale rows answer until the new ones have caught up.
      useFactory: (store: EventStore, config: ConfigService): ReadModels =>
        openReadModels(store, config.getOrThrow<AppConfig['readModels']>('readModels'), { rebuildStaleOnline: true }),
    },
  ],
  exports: [READ_MODELS],
})
export class ReadModelsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReadModelsModule.name);

  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const [name, runner] of Object.entries(this.readModels.runners)) {
      await runner.start();
      this.logger.log(`read model ${name} following the store from its checkpoint`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.readModels.close();
  }
}

import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { openEventStore, type AppConfig } from '@logbook/app-core';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';

/** Provides the EventStore port, with the adapter chosen by configuration. */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [ConfigService],
      useFactory: (config: ConfigService): EventStore => openEventStore(config.getOrThrow<AppConfig['store']>('store')),
    },
  ],
  exports: [EVENT_STORE],
})
export class StoreModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

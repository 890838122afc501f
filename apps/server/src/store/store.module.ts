import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createEventStore, EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameEventUpcasters } from '@logbook/game-log';
import type { AppConfig } from '../config/app-config';

/** Provides the EventStore port, with the adapter chosen by configuration. */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [ConfigService],
      useFactory: (config: ConfigService): EventStore => {
        const store = config.getOrThrow<AppConfig['store']>('store');
        if (store.kind === 'sqlite' && store.filename !== ':memory:') mkdirSync(dirname(store.filename), { recursive: true });
        return createEventStore(store, { upcasters: gameEventUpcasters() });
      },
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

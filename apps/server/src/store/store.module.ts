import { Global, Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createEventStore, EVENT_STORE, EventStoreAccessDeniedError, type EventStore } from '@logbook/event-store';
import { gameEventUpcasters } from '@logbook/projections';
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
export class StoreModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StoreModule.name);

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * Start-up check: a store that refuses us (EventStoreDB `$all` without an admin user) stops the
   * server with a message naming the fix; one that is merely unreachable is retried by the read
   * models and reported on /health.
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.store.ping();
    } catch (error) {
      if (error instanceof EventStoreAccessDeniedError) throw error;
      this.logger.warn(`event store ${this.store.name} did not answer at start-up; /health reports it until it does`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

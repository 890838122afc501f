import { Global, Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { acquireStoreLock, openEventStore, releaseStoreLock, type AppConfig } from '@logbook/app-core';
import { EVENT_STORE, EventStoreAccessDeniedError, EventStoreOpenError, type EventStore } from '@logbook/event-store';
import { IntegrityMonitor, integrityMonitorOf } from './integrity-monitor';

/** Provides the EventStore port, with the adapter chosen by configuration. */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [ConfigService],
      useFactory: async (config: ConfigService): Promise<EventStore> => {
        const store = config.getOrThrow<AppConfig['store']>('store');
        const keys = config.getOrThrow<AppConfig['personalDataKeys']>('personalDataKeys');
        const file = store.kind === 'sqlite' && store.filename !== ':memory:' ? store.filename : undefined;
        if (file) acquireStoreLock(file);
        try {
          const eventStore = openEventStore(store, keys);
          // A damaged file must stop the start, not answer 500 for some games forever.
          const problems = await integrityMonitorOf(eventStore).refresh();
          if (problems.length > 0) {
            await eventStore.close();
            throw new Error(`The event store failed its integrity check (PRAGMA quick_check): ${problems.join('; ')}`);
          }
          return eventStore;
        } catch (error) {
          if (file) releaseStoreLock(file);
          throw error;
        }
      },
    },
    { provide: IntegrityMonitor, inject: [EVENT_STORE], useFactory: integrityMonitorOf },
  ],
  exports: [EVENT_STORE, IntegrityMonitor],
})
export class StoreModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StoreModule.name);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly config: ConfigService,
  ) {}

  /**
   * Start-up check: a store that refuses us (EventStoreDB `$all` without an admin user) or cannot
   * open at all (PostgreSQL unreachable when its schema is to be checked, a wrong password) stops
   * the server with a message naming the fix; one that is merely unreachable later is retried by
   * the read models and reported on /health.
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.store.ping();
    } catch (error) {
      if (error instanceof EventStoreAccessDeniedError || error instanceof EventStoreOpenError) throw error;
      this.logger.warn(`event store ${this.store.name} did not answer at start-up; /health reports it until it does`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    const store = this.config.get<AppConfig['store']>('store');
    if (store?.kind === 'sqlite') releaseStoreLock(store.filename);
  }
}

import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { acquireStoreLock, openEventStore, releaseStoreLock, type AppConfig } from '@logbook/app-core';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';

/** Provides the EventStore port, with the adapter chosen by configuration. */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [ConfigService],
      useFactory: async (config: ConfigService): Promise<EventStore> => {
        const store = config.getOrThrow<AppConfig['store']>('store');
        const file = store.kind === 'sqlite' && store.filename !== ':memory:' ? store.filename : undefined;
        if (file) acquireStoreLock(file);
        try {
          const eventStore = openEventStore(store);
          // A damaged file must stop the start, not answer 500 for some games forever.
          const problems = (await eventStore.integrityProblems?.()) ?? [];
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
  ],
  exports: [EVENT_STORE],
})
export class StoreModule implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly config: ConfigService,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    const store = this.config.get<AppConfig['store']>('store');
    if (store?.kind === 'sqlite') releaseStoreLock(store.filename);
  }
}

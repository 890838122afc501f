import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createEventStore, EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameEventUpcasters } from '@logbook/projections';
import type { AppConfig } from '../config/app-config';
import { ensureDataDir, restrictToOwner } from './data-files';

/** Provides the EventStore port, with the adapter chosen by configuration. */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [ConfigService],
      useFactory: async (config: ConfigService): Promise<EventStore> => {
        const store = config.getOrThrow<AppConfig['store']>('store');
        const onDisk = store.kind === 'sqlite' && store.filename !== ':memory:';
        if (onDisk) ensureDataDir(store.filename);
        const eventStore = createEventStore(store, { upcasters: gameEventUpcasters() });
        if (onDisk) restrictToOwner(store.filename);
        // A damaged file must stop the start, not answer 500 for some games forever.
        const problems = (await eventStore.integrityProblems?.()) ?? [];
        if (problems.length > 0) {
          await eventStore.close();
          throw new Error(`The event store failed its integrity check (PRAGMA quick_check): ${problems.join('; ')}`);
        }
        return eventStore;
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

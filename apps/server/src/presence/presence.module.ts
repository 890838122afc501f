import { Module, type OnModuleDestroy, Inject } from '@nestjs/common';
import { presenceConfigFrom } from './presence-config';
import { PRESENCE } from './presence.port';
import { PresenceTracker } from './presence-tracker';

/** Presence behind its port; this server's memory holds it (see presence.port.ts). */
@Module({
  providers: [{ provide: PRESENCE, useFactory: () => new PresenceTracker(presenceConfigFrom(process.env)) }],
  exports: [PRESENCE],
})
export class PresenceModule implements OnModuleDestroy {
  constructor(@Inject(PRESENCE) private readonly presence: PresenceTracker) {}

  onModuleDestroy(): void {
    this.presence.close();
  }
}

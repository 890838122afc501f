import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';

@Controller('health')
export class HealthController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get()
  async health(): Promise<{ status: 'ok'; store: { kind: string; status: 'up' } }> {
    try {
      await this.store.ping();
    } catch (error) {
      throw new ServiceUnavailableException({ status: 'error', store: { kind: this.store.name, status: 'down' } });
    }
    return { status: 'ok', store: { kind: this.store.name, status: 'up' } };
  }
}

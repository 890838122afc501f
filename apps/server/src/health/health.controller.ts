import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';

export interface Health {
  status: 'ok' | 'error';
  store: { kind: string; status: 'up' | 'down' };
}

@Controller('health')
export class HealthController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** 200 when the store answers, 503 (same shape) when it does not. */
  @Get()
  async health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    try {
      await this.store.ping();
      return { status: 'ok', store: { kind: this.store.name, status: 'up' } };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', store: { kind: this.store.name, status: 'down' } };
    }
  }
}

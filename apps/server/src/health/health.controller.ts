import { Controller, Get, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import type { Response } from 'express';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { READ_MODELS, type ReadModels } from '@logbook/app-core';

export interface ReadModelHealth {
  /** `reconnecting`: the store dropped the subscription and the runner is resubscribing from its checkpoint. */
  status: string;
  /** Position of the last event the read model handled (a decimal string), if any. */
  position?: string;
  reconnects: number;
  error?: string;
}

export interface Health {
  status: 'ok' | 'degraded' | 'error';
  store: { kind: string; status: 'up' | 'down' };
  readModels?: Record<string, ReadModelHealth>;
}

@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Optional() @Inject(READ_MODELS) private readonly readModels?: ReadModels,
  ) {}

  /** 200 when the store answers (`degraded` while a read model is resubscribing or failed), 503 when it does not. */
  @Get()
  async health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const readModels = this.readModelHealth();
    const lagging = Object.values(readModels ?? {}).some((model) => model.status !== 'running');
    try {
      await this.store.ping();
      return { status: lagging ? 'degraded' : 'ok', store: { kind: this.store.name, status: 'up' }, readModels };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', store: { kind: this.store.name, status: 'down' }, readModels };
    }
  }

  private readModelHealth(): Record<string, ReadModelHealth> | undefined {
    if (!this.readModels) return undefined;
    return Object.fromEntries(
      Object.entries(this.readModels.runners).map(([name, runner]) => [
        name,
        {
          status: runner.status,
          position: runner.position?.toString(),
          reconnects: runner.reconnects,
          ...(runner.status === 'running' || runner.error === undefined ? {} : { error: describe(runner.error) }),
        },
      ]),
    );
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

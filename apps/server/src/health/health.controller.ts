import { Controller, Get, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { ConfigService } from '@nestjs/config';
import { READ_MODELS, type AppConfig, type ReadModelName, type ReadModels } from '@logbook/app-core';
import { IntegrityMonitor } from '../store/integrity-monitor';
import { serverVersion } from './version';
import { RateBudget } from '../http/edge-route';
import { StorageBudget, type StorageHealth } from '../http/storage-budget';

export interface ReadModelHealth {
  /** `reconnecting`: the store dropped the subscription and the runner is resubscribing from its checkpoint. */
  status: string;
  /** Position of the last event the read model handled (a decimal string), if any. */
  position?: string;
  /** Store positions not handled yet (the read model's lag); null when the store does not answer. */
  behind: number | null;
  reconnects: number;
  error?: string;
  /**
   * Several servers on one PostgreSQL: the server id of the one that runs this projection (this
   * one when `status` is not `standby`), if any does.
   */
  runBy?: string;
  /** The generation serving reads (an online rebuild makes the next one). */
  generation?: number;
  /**
   * An online rebuild under way, or the last one (since the server started; on PostgreSQL, the last
   * one any server recorded). Details: GET /admin/read-models.
   */
  rebuild?: { generation: number; state: 'requested' | 'replaying' | 'catching-up' | 'switched' | 'failed'; fraction: number };
}

export interface Health {
  status: 'ok' | 'degraded' | 'error';
  version: string;
  /** Seconds since the process started. */
  uptime: number;
  /**
   * `integrity` is what the last `PRAGMA quick_check` (SQLite) found: run at start-up, then again
   * in a worker thread once the result is a minute old (at once while it found problems); a
   * check in progress is never waited for. `unchecked` before the first check has ended.
   */
  store: { kind: string; status: 'up' | 'down'; integrity: 'ok' | 'unchecked' | string[] };
  readModels?: Record<string, ReadModelHealth>;
  /** This server's id (LOGBOOK_SERVER_ID, else host name and process id), when read models are shared. */
  server?: string;
  /** What new games may still take: the data folder against LOGBOOK_MAX_DATA_MB, games per client address. */
  storage?: StorageHealth;
}

@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly integrity: IntegrityMonitor,
    @Optional() @Inject(READ_MODELS) private readonly readModels?: ReadModels,
    @Optional() private readonly storageBudget?: StorageBudget,
    @Optional() config?: ConfigService,
  ) {
    const where = config?.get<AppConfig['readModels']>('readModels');
    this.serverId = where?.kind === 'postgres' ? where.serverId : undefined;
  }

  private readonly serverId: string | undefined;

  /**
   * 200 when the store answers and its data is sound (`degraded` while a read model is
   * resubscribing or failed); 503 (same shape) when the store does not answer or its data is damaged.
   */
  @Get()
  @RateBudget('reads')
  async health(@Res({ passthrough: true }) res: FastifyReply): Promise<Health> {
    let up = true;
    let last: bigint | undefined;
    try {
      await this.store.ping();
      last = await this.store.lastPosition();
    } catch {
      up = false;
    }
    const problems = up ? this.integrity.latest() : undefined;
    const readModels = this.readModelHealth(up, last);
    // A stand-by is sound: another server runs the projection, and its readers read the shared tables.
    const lagging = Object.values(readModels ?? {}).some((model) => model.status !== 'running' && model.status !== 'standby');
    const sound = up && (problems === undefined || problems.length === 0);
    if (!sound) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: !sound ? 'error' : lagging ? 'degraded' : 'ok',
      version: serverVersion(),
      uptime: Math.round(process.uptime()),
      store: {
        kind: this.store.name,
        status: up ? 'up' : 'down',
        integrity: problems === undefined ? 'unchecked' : problems.length === 0 ? 'ok' : problems,
      },
      ...(readModels ? { readModels } : {}),
      ...(this.serverId ? { server: this.serverId } : {}),
      ...(this.storageBudget ? { storage: await this.storageBudget.health() } : {}),
    };
  }

  private readModelHealth(up: boolean, last: bigint | undefined): Record<string, ReadModelHealth> | undefined {
    if (!this.readModels) return undefined;
    return Object.fromEntries(
      Object.entries(this.readModels.runners).map(([name, runner]) => [
        name,
        {
          ...this.generationHealth(name as ReadModelName),
          status: runner.status,
          ...(runner.position === undefined ? {} : { position: runner.position.toString() }),
          behind: !up ? null : last === undefined ? 0 : Number(last - (runner.position ?? 0n)),
          reconnects: runner.reconnects,
          ...(runner.status === 'running' || runner.status === 'standby' || runner.error === undefined ? {} : { error: describe(runner.error) }),
          ...(runner.holder === undefined ? {} : { runBy: runner.holder }),
        },
      ]),
    );
  }

  private generationHealth(name: ReadModelName): Pick<ReadModelHealth, 'generation' | 'rebuild'> {
    const generation = this.readModels?.generation(name);
    const rebuild = this.readModels?.rebuildStatus(name);
    return {
      ...(generation === undefined ? {} : { generation }),
      ...(rebuild ? { rebuild: { generation: rebuild.generation, state: rebuild.state, fraction: rebuild.fraction } } : {}),
    };
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { READ_MODELS, type ReadModels } from '@logbook/app-core';
import { serverVersion } from './version';

export interface Health {
  status: 'ok' | 'error';
  version: string;
  /** Seconds since the process started. */
  uptime: number;
  /** `integrity` is the last `PRAGMA quick_check` (SQLite), re-run at most once a minute. */
  store: { kind: string; status: 'up' | 'down'; integrity: 'ok' | 'unchecked' | string[] };
  /** How far each read model is behind the store (`behind`: store positions not handled yet). */
  readModels: Record<string, { position: string | null; behind: number | null }>;
}

/** Integrity is checked at most this often (a quick_check reads the whole file). */
const INTEGRITY_TTL_MS = 60_000;

@Controller('health')
export class HealthController {
  private integrity: { at: number; problems: string[] } | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
  ) {}

  /** 200 when the store answers and its data is sound, 503 (same shape) when not. */
  @Get()
  async health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    let up = true;
    let last: bigint | undefined;
    try {
      await this.store.ping();
      last = await this.store.lastPosition();
    } catch {
      up = false;
    }
    const problems = up ? await this.integrityProblems() : undefined;
    const readModels: Health['readModels'] = {};
    for (const [name, runner] of Object.entries(this.readModels.runners)) {
      const position = runner.position;
      readModels[name] = {
        position: position === undefined ? null : String(position),
        behind: last === undefined ? (up ? 0 : null) : Number(last - (position ?? 0n)),
      };
    }
    const ok = up && (problems === undefined || problems.length === 0);
    if (!ok) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: ok ? 'ok' : 'error',
      version: serverVersion(),
      uptime: Math.round(process.uptime()),
      store: {
        kind: this.store.name,
        status: up ? 'up' : 'down',
        integrity: problems === undefined ? 'unchecked' : problems.length === 0 ? 'ok' : problems,
      },
      readModels,
    };
  }

  private async integrityProblems(): Promise<string[] | undefined> {
    if (!this.store.integrityProblems) return undefined;
    if (!this.integrity || Date.now() - this.integrity.at > INTEGRITY_TTL_MS || this.integrity.problems.length > 0) {
      this.integrity = { at: Date.now(), problems: await this.store.integrityProblems() };
    }
    return this.integrity.problems;
  }
}

// Rate budgets: every route spends one named budget per client address, checked in Fastify's
// onRequest hook (http/fastify.ts) so that a refused request costs no body read, no parse and no
// guard. The defaults are far above what a person, a page or a seat's bot sends; they stop a script
// that floods the store, the disk or the event loop. LOGBOOK_RATE_LIMITS=off turns them all off
// (benchmarks, trusted load).
//
// Counted here rather than with @nestjs/throttler's guard: a guard runs only after Fastify has read
// and parsed the body, and its storage keeps one timestamp per hit (a 6,000-a-minute budget would
// filter 6,000 entries per request); an export is charged by the bytes it sends, which a per-hit
// counter cannot express. A fixed window per client and budget is a number and a deadline.
import { Global, Injectable, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '@logbook/app-core';

const MINUTE = 60_000;
const MiB = 1024 * 1024;

/** Per client address, per minute. */
export const RATE_BUDGETS = {
  /** Games created, forked or imported: a person starts a handful an hour. */
  creates: { limit: 60, ttl: MINUTE, unit: 'requests' },
  /** Commands sent: a fast bot sends a few a second. */
  commands: { limit: 1200, ttl: MINUTE, unit: 'requests' },
  /** Reads that walk a game's log or the read models: event pages, timelines, analytics, live feeds opened. */
  longReads: { limit: 600, ttl: MINUTE, unit: 'requests' },
  /** Exports, by the bytes sent: a few of the largest games a minute (an import reads at most 64 MiB). */
  exportBytes: { limit: 256 * MiB, ttl: MINUTE, unit: 'bytes' },
  /** Cheap reads (a board view, options, lists, scenarios, health, the contract, the page): a page polling many times a second. */
  reads: { limit: 6000, ttl: MINUTE, unit: 'requests' },
} as const;

export type RateBudgetName = keyof typeof RATE_BUDGETS;

/** A client's spending of one budget in the current window. */
interface Window {
  resetAt: number;
  used: number;
}

/** Refused: how long to wait (the Retry-After header, in whole seconds). */
export class RateLimitedError extends Error {
  readonly status = 429;
  constructor(
    readonly budget: RateBudgetName,
    readonly retryAfterSeconds: number,
  ) {
    super(`Too many requests from this client (${budget} budget): wait ${retryAfterSeconds} s (see Retry-After) and send again`);
  }
}

@Injectable()
export class RateBudgets {
  private readonly windows = new Map<string, Window>();
  private sweepAt = 0;
  readonly on: boolean;

  constructor(config: ConfigService) {
    this.on = config.getOrThrow<AppConfig['rateLimits']>('rateLimits');
  }

  /**
   * Admits a request that spends `cost` of the budget (1 for a request, 0 for a byte budget that is
   * charged as the bytes go out), or answers the refusal when the window is spent already.
   */
  admit(budget: RateBudgetName, client: string, cost: number): RateLimitedError | undefined {
    if (!this.on) return undefined;
    const window = this.window(budget, client);
    if (window.used >= RATE_BUDGETS[budget].limit) {
      return new RateLimitedError(budget, Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000)));
    }
    window.used += cost;
    return undefined;
  }

  /** Spends `amount` of a budget after the fact (the bytes of an export as they are written). */
  charge(budget: RateBudgetName, client: string, amount: number): void {
    if (this.on) this.window(budget, client).used += amount;
  }

  private window(budget: RateBudgetName, client: string): Window {
    const now = Date.now();
    if (now >= this.sweepAt) this.sweep(now);
    const key = `${budget} ${client}`;
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { resetAt: now + RATE_BUDGETS[budget].ttl, used: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  /** Forgets the windows that have ended, at most once a minute (clients come and go). */
  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.sweepAt = now + MINUTE;
  }
}

@Global()
@Module({ providers: [RateBudgets], exports: [RateBudgets] })
export class RateLimitsModule {}

// Rate limits on what costs the server something to record: creating games and sending commands.
// The defaults are far above what a person, a page or a seat's bot sends; they stop a script that
// floods the store. LOGBOOK_RATE_LIMITS=off turns them off (benchmarks, trusted load).
import { applyDecorators, UseGuards } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SkipThrottle, ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from '@logbook/app-core';

/** Per client address, per minute. */
export const RATE_LIMITS = {
  /** Games created: a person creates a handful an hour. */
  creates: { limit: 60, ttl: 60_000 },
  /** Commands sent: a fast bot sends a few a second. */
  commands: { limit: 1200, ttl: 60_000 },
} as const;

export const RateLimitsModule = ThrottlerModule.forRootAsync({
  inject: [ConfigService],
  useFactory: (config: ConfigService) => {
    const on = config.getOrThrow<AppConfig['rateLimits']>('rateLimits');
    return {
      throttlers: Object.entries(RATE_LIMITS).map(([name, { limit, ttl }]) => ({ name, limit, ttl })),
      skipIf: () => !on,
      errorMessage: 'Too many requests from this client: wait a moment (see Retry-After) and send again',
    };
  },
});

/** Counts the route against one of the limits (and not the other). */
export const RateLimited = (name: keyof typeof RATE_LIMITS) =>
  applyDecorators(
    UseGuards(ThrottlerGuard),
    SkipThrottle(Object.fromEntries(Object.keys(RATE_LIMITS).filter((n) => n !== name).map((n) => [n, true]))),
  );

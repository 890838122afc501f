import { HttpException, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { tap, type Observable } from 'rxjs';
import { WrongExpectedRevisionError } from '@logbook/event-store';
import { RuleViolation } from '@logbook/rules';
import { CommandIdReusedError, StaleRevisionError } from '../games/game.errors';
import { LogbookMetrics, type OrderOutcome } from './logbook-metrics';

/** How a refused order is counted: by the rules (with its rule id), a conflict, bad input, or an error of ours or the store's. */
export function outcomeOf(error: unknown): { outcome: OrderOutcome; rule?: string } {
  if (error instanceof RuleViolation) return { outcome: 'rule', rule: error.rule };
  if (error instanceof StaleRevisionError || error instanceof WrongExpectedRevisionError || error instanceof CommandIdReusedError)
    return { outcome: 'conflict' };
  if (error instanceof HttpException && error.getStatus() === 400) return { outcome: 'bad-input' };
  return { outcome: 'error' };
}

/**
 * Counts each order the command route answers, by its type and outcome. Refusals at the seat
 * guard (401, 403, 404) come before it and are counted by the HTTP histogram only.
 */
@Injectable()
export class OrderMetrics implements NestInterceptor {
  constructor(private readonly metrics: LogbookMetrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.metrics.enabled) return next.handle();
    const body = context.switchToHttp().getRequest<FastifyRequest>().body as { type?: unknown } | null | undefined;
    const type = typeof body === 'object' && body !== null ? body.type : undefined;
    return next.handle().pipe(
      tap({
        next: () => this.metrics.order(type, 'accepted'),
        error: (error: unknown) => {
          const { outcome, rule } = outcomeOf(error);
          this.metrics.order(type, outcome, rule);
        },
      }),
    );
  }
}

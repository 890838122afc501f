import { defer, type Observable, retry, tap, throwError, timer } from 'rxjs';
import { EventStoreUnavailableError } from '../errors';
import type { EventStore, RecordedEvent, SubscribeOptions } from '../event-store.port';

export interface ResubscribeOptions {
  /** First wait after a drop; doubles up to `maxBackoffMs`, and starts again after an event arrives. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * `store.subscribeToAll` that survives the store dropping it (EventStoreDB restart, leader
 * change, network: EventStoreUnavailableError): it subscribes again after a backoff, from the
 * last event it delivered, so nothing is lost and nothing comes twice. Any other error ends it.
 */
export function resubscribing(store: EventStore, options: SubscribeOptions, tuning: ResubscribeOptions = {}): Observable<RecordedEvent> {
  const first = tuning.backoffMs ?? 100;
  const max = tuning.maxBackoffMs ?? 5000;
  return defer(() => {
    let after = options.fromPosition;
    return defer(() => store.subscribeToAll({ ...options, fromPosition: after })).pipe(
      tap((event) => (after = event.position)),
      retry({
        resetOnSuccess: true,
        delay: (error: unknown, count: number) =>
          error instanceof EventStoreUnavailableError ? timer(Math.min(first * 2 ** (count - 1), max)) : throwError(() => error),
      }),
    );
  });
}

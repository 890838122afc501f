import { Observable } from 'rxjs';

/**
 * Wraps a generator so that `return()` (a `break` in `for await`, an Observable teardown)
 * takes effect even while the generator is parked awaiting live events: it aborts the signal
 * the generator listens to. A plain async generator would only see `return()` at its next yield.
 */
export function abortableIterable<T>(run: (signal: AbortSignal) => AsyncGenerator<T>, outer?: AbortSignal): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const controller = new AbortController();
      const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
      const generator = run(signal);
      return {
        next: () => generator.next(),
        return: (value?: T) => {
          controller.abort();
          return generator.return(value as T);
        },
        throw: (error?: unknown) => {
          controller.abort();
          return generator.throw(error);
        },
      };
    },
  };
}

/**
 * Pushes an async iterable into rxjs. rxjs has no demand signal, so this pulls as fast as the
 * source yields; a consumer using `concatMap(async …)` queues, and loses nothing.
 */
export function toObservable<T>(iterable: AsyncIterable<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const iterator = iterable[Symbol.asyncIterator]();
    void (async () => {
      try {
        for (;;) {
          const result = await iterator.next();
          if (subscriber.closed) return;
          if (result.done) break;
          subscriber.next(result.value);
        }
        subscriber.complete();
      } catch (error) {
        subscriber.error(error);
      }
    })();
    return () => void iterator.return?.();
  });
}

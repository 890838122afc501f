/**
 * A value, or a promise of it: what a read-model store answers. The embedded stores answer at once
 * (the projection's hot path takes no promise per event); a database server's store answers a
 * promise when it has to ask the server.
 */
export type Awaitable<T> = T | Promise<T>;

export const isPromise = <T>(value: Awaitable<T>): value is Promise<T> => value instanceof Promise;

import { randomUUID } from 'node:crypto';
import { firstValueFrom, type Observable, take, timeout, toArray } from 'rxjs';
import type { EventStore, NewEvent, RecordedEvent } from '../../event-store.port';
import type { UpcasterRegistry } from '../../upcasting/upcaster-registry';

/** Builds a fresh store; the contract closes it after each test. */
export type EventStoreFactory = (dependencies: { upcasters?: UpcasterRegistry }) => EventStore | Promise<EventStore>;

/**
 * What every contract test gets. A real EventStoreDB keeps data between runs and has other
 * streams in `$all`, so names are unique per run and per test, and every `$all` assertion
 * filters by the test's own prefix.
 */
export interface ContractFixture {
  store(): EventStore;
  /** A fresh store with upcasters (closed after the test). */
  storeWith(dependencies: { upcasters?: UpcasterRegistry }): Promise<EventStore>;
  /** A stream id unique to this test; streams of one test share `prefix()`. */
  streamId(name?: string): string;
  /** Prefix shared by the streams of the current test only. */
  prefix(): string;
}

export function createFixture(factory: EventStoreFactory): ContractFixture {
  const run = randomUUID().slice(0, 8);
  let test = 0;
  let current: EventStore | undefined;
  const extra: EventStore[] = [];

  beforeEach(async () => {
    test += 1;
    current = await factory({});
  });
  afterEach(async () => {
    await Promise.all([current, ...extra.splice(0)].map((store) => store?.close()));
    current = undefined;
  });

  const prefix = () => `contract-${run}-${test}-`;
  return {
    store: () => {
      if (!current) throw new Error('the contract store exists only inside a test');
      return current;
    },
    storeWith: async (dependencies) => {
      const store = await factory(dependencies);
      extra.push(store);
      return store;
    },
    prefix,
    streamId: (name = 'stream') => `${prefix()}${name}`,
  };
}

let sequence = 0;
/** An event with a fresh UUID id (EventStoreDB ids are UUIDs) and a recognisable payload. */
export function anEvent(type = 'SomethingHappened', data: unknown = { n: ++sequence }, schemaVersion?: number): NewEvent {
  return { id: randomUUID(), type, data, metadata: { correlationId: 'contract' }, schemaVersion };
}

export function events(count: number, type = 'SomethingHappened'): NewEvent[] {
  return Array.from({ length: count }, (_, i) => anEvent(type, { i }));
}

export const ids = (recorded: readonly { id: string }[]): string[] => recorded.map((event) => event.id);

/** The first `count` events an Observable delivers (fails after `ms` rather than hanging). */
export function firstEvents(source: Observable<RecordedEvent>, count: number, ms = 5000): Promise<RecordedEvent[]> {
  return firstValueFrom(source.pipe(take(count), toArray(), timeout(ms)));
}

export async function readEvents(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  const result = await store.readStream(streamId);
  return result.status === 'ok' ? result.events : [];
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds, checking every 5 ms; fails after `ms` rather than hanging. */
export async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the subscription');
    await sleep(5);
  }
}

import { appendContract } from './contract/append.contract';
import { batchSubscriptionContract } from './contract/batch-subscription.contract';
import { type EventStoreFactory, createFixture } from './contract/contract-fixture';
import { idempotencyContract } from './contract/idempotency.contract';
import { largeEventsContract } from './contract/large-events.contract';
import { readAllContract } from './contract/read-all.contract';
import { readStreamContract } from './contract/read-stream.contract';
import { subscriptionContract } from './contract/subscription.contract';
import { upcastingContract } from './contract/upcasting.contract';

export type { EventStoreFactory } from './contract/contract-fixture';

/**
 * The one suite every EventStore adapter must pass: each promise the port makes (append with an
 * expected revision, idempotence, reads, $all, subscriptions, large events, upcasting).
 * Run it from an adapter's `*.int-spec.ts` with a factory that builds a fresh store; `pushes`
 * for a store that also has the optional `subscribeToAllBatches` (in-process stores).
 */
export function describeEventStoreContract(name: string, factory: EventStoreFactory, options: { pushes?: boolean } = {}): void {
  describe(`${name} event store contract`, () => {
    const fixture = createFixture(factory);
    it(options.pushes ? 'pushes batches to subscribers' : 'has subscribers pull', () => {
      expect(typeof fixture.store().subscribeToAllBatches).toBe(options.pushes ? 'function' : 'undefined');
    });
    appendContract(fixture);
    idempotencyContract(fixture);
    readStreamContract(fixture);
    readAllContract(fixture);
    subscriptionContract(fixture);
    if (options.pushes) batchSubscriptionContract(fixture);
    largeEventsContract(fixture);
    upcastingContract(fixture);
  });
}

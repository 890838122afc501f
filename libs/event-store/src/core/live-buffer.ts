import type { AllFilter, RecordedEvent } from '../event-store.port';
import { matchesFilter } from './all-filter';
import type { LiveListener } from './live-feed';

/**
 * The live side of one catch-up subscription: committed events wait here until the consumer
 * pulls them. Bounded: past `capacity` it drops everything and raises `overflowed`, and the
 * subscription goes back to reading history from the store, which still has every event.
 * That is how a slow consumer gets back-pressure without unbounded memory or lost events.
 */
export class LiveBuffer implements LiveListener {
  private events: RecordedEvent[] = [];
  private head = 0;
  private wake: (() => void) | undefined;
  overflowed = false;
  closed = false;

  constructor(
    private readonly filter: AllFilter | undefined,
    private readonly capacity: number,
  ) {}

  onEvents(events: readonly RecordedEvent[]): void {
    if (this.overflowed) return;
    for (const event of events) if (matchesFilter(event, this.filter)) this.events.push(event);
    if (this.events.length - this.head > this.capacity) {
      this.overflowed = true;
      this.events = [];
      this.head = 0;
    }
    this.notify();
  }

  onClose(): void {
    this.closed = true;
    this.notify();
  }

  /** Forgets what was buffered and starts collecting again (before each history read). */
  reset(): void {
    this.events = [];
    this.head = 0;
    this.overflowed = false;
  }

  take(): RecordedEvent | undefined {
    if (this.head >= this.events.length) return undefined;
    const event = this.events[this.head++];
    if (this.head > 1024 && this.head * 2 > this.events.length) {
      this.events = this.events.slice(this.head);
      this.head = 0;
    }
    return event;
  }

  /** Resolves on the next event, overflow, close, or `interrupt()`. */
  changed(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  interrupt(): void {
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

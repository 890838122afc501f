import type { RecordedEvent } from '../event-store.port';

export interface LiveListener {
  onEvents(events: readonly RecordedEvent[]): void;
  onClose(): void;
}

/**
 * In-process fan-out of committed events, in global order, to catch-up subscriptions.
 * Only a store's commit path publishes, right after its transaction committed.
 */
export class LiveFeed {
  private readonly listeners = new Set<LiveListener>();
  private closed = false;

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  subscribe(listener: LiveListener): () => void {
    if (this.closed) {
      listener.onClose();
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(events: readonly RecordedEvent[]): void {
    if (events.length === 0) return;
    for (const listener of this.listeners) listener.onEvents(events);
  }

  close(): void {
    this.closed = true;
    for (const listener of this.listeners) listener.onClose();
    this.listeners.clear();
  }
}

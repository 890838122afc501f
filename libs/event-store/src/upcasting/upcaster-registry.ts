import type { RecordedEvent } from '../event-store.port';

/** Lifts `data` of one event type from version N to N+1. Must not mutate its input. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each upcaster knows the old shape it lifts; callers write (data: OldShape) => …
export type Upcaster = (data: any, event: RecordedEvent) => unknown;

/**
 * `(type, schemaVersion) → fn`, applied on read by every adapter (readStream, readAll,
 * subscriptions) so stored events are never rewritten and every reader sees the current shape.
 * Upcasters chain: a v1 event passes through 1→2, then 2→3, up to the newest registered.
 */
export class UpcasterRegistry {
  private readonly upcasters = new Map<string, Map<number, Upcaster>>();

  /** Registers the step that turns `type` data at `fromVersion` into `fromVersion + 1`. */
  register(type: string, fromVersion: number, upcaster: Upcaster): this {
    const steps = this.upcasters.get(type) ?? new Map<number, Upcaster>();
    if (steps.has(fromVersion)) {
      throw new Error(`An upcaster for ${type} v${fromVersion} is already registered`);
    }
    steps.set(fromVersion, upcaster);
    this.upcasters.set(type, steps);
    return this;
  }

  get isEmpty(): boolean {
    return this.upcasters.size === 0;
  }

  /** The newest version `type` can be lifted to from `fromVersion`. */
  currentVersion(type: string, fromVersion: number): number {
    const steps = this.upcasters.get(type);
    let version = fromVersion;
    while (steps?.has(version)) version += 1;
    return version;
  }

  /** Returns the event itself when nothing applies (the common case costs one map lookup). */
  upcast<E extends RecordedEvent>(event: E): E {
    const steps = this.upcasters.get(event.type);
    if (!steps?.has(event.schemaVersion)) return event;
    let current: E = event;
    for (let step = steps.get(current.schemaVersion); step; step = steps.get(current.schemaVersion)) {
      current = { ...current, data: step(current.data, current), schemaVersion: current.schemaVersion + 1 };
    }
    return current;
  }
}

/** A registry with nothing in it, for stores built without upcasters. */
export const NO_UPCASTERS = new UpcasterRegistry();

import type { EventStore } from '@logbook/event-store';

/** A sound result is trusted this long before the next check starts (a quick_check reads the whole file). */
const RECHECK_AFTER_MS = 60_000;

/**
 * The store's integrity, as last checked. /health answers `latest()`: the last result, never a
 * check in progress (on a large SQLite file one takes seconds; the check runs in a worker thread,
 * and a request that waited for it would answer that much later). A stale or failed result
 * starts the next check in the background.
 */
export class IntegrityMonitor {
  private last: { at: number; problems: string[] } | undefined;
  private running: Promise<string[]> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the store can check itself at all (EventStoreDB checks itself on its own server). */
  get checks(): boolean {
    return this.store.integrityProblems !== undefined;
  }

  /** Runs a check now, or joins the one running, and records what it found. */
  refresh(): Promise<string[]> {
    const check = this.store.integrityProblems?.bind(this.store);
    if (!check) return Promise.resolve([]);
    this.running ??= check()
      .catch((error: unknown) => [`integrity check failed: ${error instanceof Error ? error.message : String(error)}`])
      .then((problems) => {
        this.last = { at: this.now(), problems };
        this.running = undefined;
        return problems;
      });
    return this.running;
  }

  /** The last result (undefined before the first check ends), starting a new check when it is due. */
  latest(): string[] | undefined {
    if (!this.checks) return undefined;
    const due = !this.last || this.last.problems.length > 0 || this.now() - this.last.at > RECHECK_AFTER_MS;
    if (due) void this.refresh();
    return this.last?.problems;
  }
}

const monitors = new WeakMap<EventStore, IntegrityMonitor>();

/** The one monitor of `store`: the start-up check and /health share its result. */
export function integrityMonitorOf(store: EventStore): IntegrityMonitor {
  let monitor = monitors.get(store);
  if (!monitor) monitors.set(store, (monitor = new IntegrityMonitor(store)));
  return monitor;
}

// The analytics read model, fed by the checkpointed projection runner: each game's figures are
// folded event by event as the game is played (or rebuilt from the first event), so a query
// reads folded figures and never the log.
import { LRUCache } from 'lru-cache';
import type { RecordedEvent } from '@logbook/event-store';
import { GAME_STREAM_PREFIX, gameIdOf, toLogEntries } from '@logbook/game-log';
import { HISTORY_EVENT_TYPES, effectiveEntries } from '@logbook/rules';
import type { GameLogReader } from '../game-states/game-states.projection';
import { isPromise, type Awaitable } from '../runner/awaitable';
import type { Projection } from '../runner/projection';
import { markBot, newAnalyticsFold, noBots, type AnalyticsFold } from './analytics-figures';
import type { AnalyticsStore } from './analytics-store';
import { claimSeat } from './analytics-handlers';
import { EffectiveAnalytics } from './effective-analytics';
import { ANALYTICS_EVENT_TYPES, evolveAnalytics, foldAnalytics, SEAT_CLAIMED } from './game-analytics';

/**
 * The types whose data the figures read: those they fold, undo and redo (which action), and a
 * seat handed to a bot. The others only move the revision: the store need not parse their data.
 */
const DATA_OF: readonly string[] = [...new Set<string>([...ANALYTICS_EVENT_TYPES, ...HISTORY_EVENT_TYPES, 'SeatHandedToBot', SEAT_CLAIMED])];
const READS_DATA = new Set(DATA_OF);

const analyticsEvent = (e: RecordedEvent) => ({
  revision: e.revision,
  type: e.type,
  data: READS_DATA.has(e.type) ? (e.data as { data?: unknown }).data : undefined,
  metadata: e.metadata,
});
const actionIdOf = (e: RecordedEvent): string => (typeof e.metadata.commandId === 'string' ? e.metadata.commandId : `revision-${e.revision}`);

/** Games whose effective history the projection keeps after an undo or redo (least recently used dropped). */
const HISTORIES = 32;

/**
 * A game's figures from its whole log: folded over the effective history (undone actions out,
 * redone ones back in place), with the undo and redo counts of the log as recorded.
 */
export function foldAnalyticsLog(gameId: string, log: readonly RecordedEvent[]): AnalyticsFold {
  if (!log.some((e) => HISTORY_EVENT_TYPES.has(e.type))) return foldAnalytics(gameId, log.map(analyticsEvent));
  const entries = toLogEntries(log);
  const recorded = new Map(entries.map((entry, i) => [entry, log[i] as RecordedEvent]));
  const effective = effectiveEntries(entries).map((entry) => recorded.get(entry) as RecordedEvent);
  // Redone actions come back in place: number the effective events in order for the fold.
  const fold = foldAnalytics(
    gameId,
    effective.map((e, i) => ({ ...analyticsEvent(e), revision: i })),
  );
  fold.figures.undos = log.filter((e) => e.type === 'ActionUndone').length;
  fold.figures.redos = log.filter((e) => e.type === 'ActionRedone').length;
  fold.figures.revision = log[log.length - 1]?.revision ?? -1;
  // Handovers are never undone: the marks come from the whole log.
  fold.figures.bots = noBots();
  for (const e of log) if (e.type === 'SeatHandedToBot') markBot(fold.figures, analyticsEvent(e).data as { seat: number; bot: string; by?: string });
  // So are claims into a profile (the effective history leaves them out, as every neutral event).
  for (const e of log) if (e.type === SEAT_CLAIMED) claimSeat(fold, analyticsEvent(e).data);
  return fold;
}

export class AnalyticsProjection implements Projection {
  readonly name = 'analytics';
  /**
   * Every game event (each moves the revision), the data of those the figures read only; the
   * figures change no event, so each scenario stored once comes parsed once (frozen).
   */
  readonly filter = { streamPrefixes: [GAME_STREAM_PREFIX], dataOf: DATA_OF, readOnly: true };
  /**
   * The effective history of each game that has had an undo or redo lately, kept in step with
   * its events: the next undo folds a bounded number of events, instead of reading and folding
   * the whole log again (an imported log full of undos did that for each one).
   */
  private readonly histories = new LRUCache<string, EffectiveAnalytics>({ max: HISTORIES });

  /** `readLog` lets undo and redo refold the game's effective log; without it they fail. */
  constructor(
    private readonly store: AnalyticsStore,
    private readonly readLog?: GameLogReader,
  ) {}

  handle(event: RecordedEvent): void | Promise<void> {
    const gameId = gameIdOf(event.streamId);
    const found = this.store.get(gameId);
    // The embedded stores answer at once: no promise per event unless the store had to read a server.
    return isPromise(found) ? found.then((fold) => this.fold(gameId, fold, event)) : this.fold(gameId, found, event);
  }

  private fold(gameId: string, found: AnalyticsFold | undefined, event: RecordedEvent): void | Promise<void> {
    const fold = found ?? newAnalyticsFold(gameId);
    // At-least-once delivery: an event already folded comes again after a crash (skipped by revision).
    if (event.revision <= fold.figures.revision) return;
    const history = this.histories.get(gameId);
    const followed = history?.take(actionIdOf(event), analyticsEvent(event)) ?? false;
    if (history && !followed) this.histories.delete(gameId);
    if (HISTORY_EVENT_TYPES.has(event.type)) return followed && history ? this.store.put(history.figures(event.revision)) : this.refold(gameId, event);
    evolveAnalytics(fold, analyticsEvent(event));
    this.store.put(fold);
  }

  /**
   * Undo and redo change which events count: the figures are a fold of the effective log. The
   * first one of a game reads the log and keeps its effective history for the next ones.
   */
  private async refold(gameId: string, event: RecordedEvent): Promise<void> {
    if (!this.readLog) throw new Error(`analytics: ${event.type} needs the game's log to refold`);
    const log = await this.readLog(gameId, event.revision);
    const history = new EffectiveAnalytics(gameId);
    const followed = log.every((e) => history.take(actionIdOf(e), analyticsEvent(e)));
    if (followed) this.histories.set(gameId, history);
    // The history just folded the log: its figures are the fold's, unless it could not follow it.
    this.store.put(followed ? history.figures(event.revision) : foldAnalyticsLog(gameId, log));
  }

  /** Forgets the game's kept history: its names changed (a subject was erased), and an undo must not put the old ones back. */
  forgetHistory(gameId: string): void {
    this.histories.delete(gameId);
  }

  reset(): Awaitable<void> {
    this.histories.clear();
    return this.store.clear();
  }

  flush(): Awaitable<void> {
    return this.store.flush();
  }

  unwritten(): number {
    return this.store.unwritten?.() ?? 0;
  }
}

// Per-game analytics, folded from a game's events one at a time. Only what every player may see
// goes in: each event's public `data` and the public part of its metadata (time, seat, the
// simulation marker). Never an event's `secret` part and never the recorded `draws`, so the
// figures of an unfinished game give nothing hidden away (a test folds redacted events and
// expects the very same figures). The figures are in analytics-figures.ts, what each event
// means to them in analytics-handlers.ts.
import type { GameEventType } from '@logbook/rules';
import { newAnalyticsFold, type AnalyticsEvent, type AnalyticsEventOf, type AnalyticsFold } from './analytics-figures';
import { ANALYTICS_HANDLERS, claimSeat, type AnalyticsHandler } from './analytics-handlers';

export * from './analytics-figures';
export { damageSourceOf } from './analytics-handlers';

/** Every handled type and its handler, looked up by a stored event's type (any string). */
const FOLDED = new Map<string, AnalyticsHandler<GameEventType>>(
  Object.entries(ANALYTICS_HANDLERS).flatMap(([type, handler]) => (handler ? [[type, handler as AnalyticsHandler<GameEventType>] as const] : [])),
);

/**
 * The event types the figures are folded from: those the table gives a handler. The others
 * (the clock, crew moves, anchors, embarking, hands) change no figure, so a rebuild may ask the
 * store for these alone.
 */
export const ANALYTICS_EVENT_TYPES: readonly GameEventType[] = [...FOLDED.keys()] as GameEventType[];
export const isAnalyticsEventType = (type: string): boolean => FOLDED.has(type);

/** A seat claimed into a player's profile (apps/server players): folded for the seat's profile. */
export const SEAT_CLAIMED = 'SeatClaimed';

/**
 * Folds one event into the game's analytics (mutates `fold`). Events already folded are skipped.
 * Every event moves the revision, those the figures do not count too: the figures stand at the
 * game's revision, which a game ending on a crew move or a blessing would otherwise lag behind.
 */
export function evolveAnalytics(fold: AnalyticsFold, event: AnalyticsEvent): void {
  const f = fold.figures;
  if (event.revision <= f.revision) return;
  f.revision = event.revision;
  // Not a rules event: recorded by the server when a seat is claimed into a profile.
  if (event.type === SEAT_CLAIMED) return claimSeat(fold, event.data);
  const handler = FOLDED.get(event.type);
  if (!handler) return;
  const recordedAt = event.metadata?.recordedAt;
  if (typeof recordedAt === 'string') {
    fold.recordedAt = recordedAt;
    f.createdAt ??= recordedAt;
    f.lastEventAt = recordedAt;
  }
  // The table's key is the event's type, so its handler reads the data the rules record for it.
  // Stored events are read defensively: one without data folds as one with empty data.
  const typed = event as AnalyticsEventOf<GameEventType>;
  handler(fold, typed.data == null ? { ...typed, data: {} as AnalyticsEventOf<GameEventType>['data'] } : typed);
}

export const foldAnalytics = (gameId: string, events: Iterable<AnalyticsEvent>): AnalyticsFold => {
  const fold = newAnalyticsFold(gameId);
  for (const event of events) evolveAnalytics(fold, event);
  return fold;
};

// The analytics read model, fed by the checkpointed projection runner: each game's figures are
// folded event by event as the game is played (or rebuilt from the first event), so a query
// reads folded figures and never the log.
import type { RecordedEvent } from '@logbook/event-store';
import { GAME_STREAM_PREFIX, gameIdOf } from '@logbook/game-log';
import type { Projection } from '../runner/projection';
import type { AnalyticsStore } from './analytics-store';
import { ANALYTICS_EVENT_TYPES, evolveAnalytics, isAnalyticsEventType, newAnalyticsFold } from './game-analytics';

export class AnalyticsProjection implements Projection {
  readonly name = 'analytics';
  readonly filter = { streamPrefixes: [GAME_STREAM_PREFIX] };
  /** A rebuild reads only the types the figures fold (about a third of the log is skipped). */
  readonly rebuildFilter = { streamPrefixes: [GAME_STREAM_PREFIX], eventTypes: [...ANALYTICS_EVENT_TYPES] };

  constructor(private readonly store: AnalyticsStore) {}

  handle(event: RecordedEvent): void {
    if (!isAnalyticsEventType(event.type)) return;
    const gameId = gameIdOf(event.streamId);
    const fold = this.store.get(gameId) ?? newAnalyticsFold(gameId);
    // At-least-once delivery: an event already folded comes again after a crash (skipped by revision).
    if (event.revision <= fold.figures.revision) return;
    evolveAnalytics(fold, { revision: event.revision, type: event.type, data: (event.data as { data?: unknown }).data, metadata: event.metadata });
    this.store.put(fold);
  }

  reset(): void {
    this.store.clear();
  }

  flush(): void {
    this.store.flush();
  }
}

import { CONTENT_STREAM_PREFIX, contentStreamId, matchesFilter, type RecordedEvent } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { AnalyticsProjection } from '../analytics/analytics.projection';
import { GameStatesProjection } from '../game-states/game-states.projection';
import { InMemoryGameStateStore } from '../game-states/in-memory-game-state-store';
import type { Projection } from './projection';

// `$all` also holds the streams of values stored once by content (libs/event-store/src/content):
// the read models fold games only, so their subscriptions must never be handed those.
const recorded = (streamId: string, type: string): RecordedEvent => ({
  id: 'e',
  streamId,
  revision: 0,
  position: 1n,
  type,
  data: {},
  metadata: {},
  schemaVersion: 1,
});

describe('the read models subscribe to games only', () => {
  const projections: Projection[] = [
    new GameStatesProjection(new InMemoryGameStateStore()),
    new AnalyticsProjection({} as ConstructorParameters<typeof AnalyticsProjection>[0]),
  ];

  it.each(projections.map((p) => [p.name, p] as const))('%s: no content- stream passes its filters, its games do', (_name, projection) => {
    const content = recorded(contentStreamId('ab'.repeat(32)), 'ContentStored');
    expect(content.streamId.startsWith(CONTENT_STREAM_PREFIX)).toBe(true);
    for (const filter of [projection.filter, projection.rebuildFilter]) {
      if (!filter) continue;
      expect(matchesFilter(content, filter)).toBe(false);
    }
    expect(matchesFilter(recorded(gameStreamId('g-1'), 'GameCreated'), projection.filter ?? {})).toBe(true);
  });
});

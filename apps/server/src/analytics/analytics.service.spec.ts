import type { ReadModels } from '@logbook/app-core';
import { InMemoryEventStore } from '@logbook/event-store';
import { InMemoryAnalyticsStore, newAnalyticsFold, summarizeAnalytics } from '@logbook/projections';
import { AnalyticsService } from './analytics.service';

/** A read model of `count` games, one created per day of January 2026, at a position the test moves. */
function readModels(count: number) {
  const analytics = new InMemoryAnalyticsStore();
  for (let day = 1; day <= count; day++) {
    const fold = newAnalyticsFold(`g${day}`);
    fold.figures.scenarioId = 'first-voyage';
    fold.figures.createdAt = `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
    analytics.put(fold);
  }
  const list = jest.spyOn(analytics, 'list');
  const runner = { position: 10n as bigint | undefined };
  const models = { analytics, runners: { analytics: runner } } as unknown as ReadModels;
  return { models, list, runner, analytics };
}

describe('cross-game summaries', () => {
  it('read every game once per position of the read model, whatever the filters asked', async () => {
    const { models, list, analytics } = readModels(28);
    const service = new AnalyticsService(models, new InMemoryEventStore());
    for (let day = 1; day <= 28; day++) {
      const from = `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
      expect((await service.summary({ from })).games).toBe(29 - day);
      expect(await service.summary({ from })).toEqual(summarizeAnalytics(analytics.list({ from })));
    }
    // Once for the summaries, and once more per day for the expected values above.
    expect(list.mock.calls.filter(([filter]) => filter === undefined)).toHaveLength(1);
  });

  it('read the figures again once the read model has moved on', async () => {
    const { models, list, runner, analytics } = readModels(3);
    const service = new AnalyticsService(models, new InMemoryEventStore());
    expect((await service.summary({})).games).toBe(3);
    const fold = newAnalyticsFold('g4');
    fold.figures.scenarioId = 'first-voyage';
    analytics.put(fold);
    runner.position = 11n;
    expect((await service.summary({})).games).toBe(4);
    expect(list).toHaveBeenCalledTimes(2);
  });
});

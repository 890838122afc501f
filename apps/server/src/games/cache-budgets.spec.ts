import { DEFAULT_CACHE_BUDGETS, cacheBudgetsFrom } from './cache-budgets';

describe('the cache budgets', () => {
  it('come from LOGBOOK_GAME_CACHE_MB, LOGBOOK_VIEW_CACHE_MB and LOGBOOK_FEED_CACHE_MB, with defaults', () => {
    expect(cacheBudgetsFrom({})).toEqual(DEFAULT_CACHE_BUDGETS);
    expect(cacheBudgetsFrom({ LOGBOOK_GAME_CACHE_MB: '512', LOGBOOK_VIEW_CACHE_MB: '8', LOGBOOK_FEED_CACHE_MB: '16' })).toEqual({
      gamesBytes: 512 * 2 ** 20,
      viewsBytes: 8 * 2 ** 20,
      feedFramesBytes: 16 * 2 ** 20,
    });
  });

  it.each([
    ['LOGBOOK_GAME_CACHE_MB', '0'],
    ['LOGBOOK_VIEW_CACHE_MB', 'lots'],
    ['LOGBOOK_FEED_CACHE_MB', '-1'],
  ])('refuse %s=%s naming the variable', (name, value) => {
    expect(() => cacheBudgetsFrom({ [name]: value })).toThrow(name);
  });
});

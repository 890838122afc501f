// What the server's caches of games may hold, in bytes, from the environment. Each cache is a
// copy of what the log and a fold give again, so a budget trades memory for re-reads; together
// with the seek index's (LOGBOOK_SEEK_INDEX_MB) they bound the memory games can take.
import { wholeNumber } from '../history/seek-config';

export interface CacheBudgets {
  /** Loaded games (folded histories), by their estimated size. */
  gamesBytes: number;
  /** Serialized board views. */
  viewsBytes: number;
  /** Live feeds' history frames. */
  feedFramesBytes: number;
}

export const MB = 2 ** 20;
export const DEFAULT_CACHE_BUDGETS: CacheBudgets = { gamesBytes: 256 * MB, viewsBytes: 64 * MB, feedFramesBytes: 64 * MB };

const megabytes = (env: Record<string, string | undefined>, name: string, fallback: number): number => {
  const value = wholeNumber(env, name, 1, 65_536);
  return value === undefined ? fallback : value * MB;
};

/** `LOGBOOK_GAME_CACHE_MB`, `LOGBOOK_VIEW_CACHE_MB`, `LOGBOOK_FEED_CACHE_MB` (each 1–65536). */
export function cacheBudgetsFrom(env: Record<string, string | undefined>): CacheBudgets {
  return {
    gamesBytes: megabytes(env, 'LOGBOOK_GAME_CACHE_MB', DEFAULT_CACHE_BUDGETS.gamesBytes),
    viewsBytes: megabytes(env, 'LOGBOOK_VIEW_CACHE_MB', DEFAULT_CACHE_BUDGETS.viewsBytes),
    feedFramesBytes: megabytes(env, 'LOGBOOK_FEED_CACHE_MB', DEFAULT_CACHE_BUDGETS.feedFramesBytes),
  };
}

// Where a game lives in the store: one stream per game, named `game-<gameId>`. The store itself
// is generic and knows nothing of games; the write side and every read model use these names.
export const GAME_STREAM_PREFIX = 'game-';

/** The stream of one game. */
export const gameStreamId = (gameId: string): string => `${GAME_STREAM_PREFIX}${gameId}`;

/** The game id of a `game-<id>` stream. */
export const gameIdOf = (streamId: string): string => streamId.slice(GAME_STREAM_PREFIX.length);

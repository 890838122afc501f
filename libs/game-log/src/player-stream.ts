// Where a player's profile lives in the store: one stream per player, named `player-<playerId>`,
// beside the games' `game-<gameId>` streams. Its one event so far, `PlayerRegistered`, holds the
// profile's name (sealed under `player:<playerId>` by withPersonalData, never in the clear) and
// the digest of its secret (the secret itself is shown once and never stored).
export const PLAYER_STREAM_PREFIX = 'player-';

/** The stream of one player's profile. */
export const playerStreamId = (playerId: string): string => `${PLAYER_STREAM_PREFIX}${playerId}`;

/** The player id of a `player-<id>` stream. */
export const playerIdOf = (streamId: string): string => streamId.slice(PLAYER_STREAM_PREFIX.length);

/** The personal-data subject of a player's profile: its name wherever it is recorded. */
export const playerSubject = (playerId: string): string => `player:${playerId}`;

/** A profile's first event, as recorded (`data` of the stored event). */
export interface PlayerRegistered {
  type: 'PlayerRegistered';
  data: { playerId: string; name: string; secretDigest: string };
}

export type PlayerEvent = PlayerRegistered;

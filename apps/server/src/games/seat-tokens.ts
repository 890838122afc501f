// Seat tokens are bearer secrets handed out once, when a game is created. Only their SHA-256
// digests are stored (in the metadata of the game's first event), so a log, a backup or an
// export never holds a usable token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256, sha256Hex } from '@logbook/game-log';

export interface SeatTokenDigest {
  seat: number;
  sha256: string;
}

export const newSeatToken = (): string => randomBytes(32).toString('base64url');

export const digestToken = (token: string): string => sha256Hex(token);

/** A game's stored digests as bytes, decoded once per game (every request of a seat compares them). */
const digestBytes = new WeakMap<readonly SeatTokenDigest[], Array<{ seat: number; bytes: Buffer }>>();

/** The seat a token belongs to, or undefined. Compares digests in constant time. */
export const seatForToken = (digests: readonly SeatTokenDigest[], token: string): number | undefined => {
  let known = digestBytes.get(digests);
  if (!known) digestBytes.set(digests, (known = digests.map((d) => ({ seat: d.seat, bytes: Buffer.from(d.sha256, 'hex') }))));
  const candidate = sha256(token);
  return known.find((d) => d.bytes.length === candidate.length && timingSafeEqual(d.bytes, candidate))?.seat;
};

/** What a header without the Bearer scheme is told (a token pasted alone is the usual slip). */
export const AUTHORIZATION_FORM = 'The Authorization header is written "Bearer <seat token>": the word Bearer, a space, then the token';

/** Whether a malformed header lacks the scheme, rather than holding a token of the wrong shape. */
export const lacksBearerScheme = (authorization: string): boolean => !/^Bearer\s/.test(authorization.trim());

/** Extracts the token from `Authorization: Bearer <token>`; null when absent. */
export const bearerToken = (authorization: string | undefined): string | null | 'malformed' => {
  if (authorization === undefined || authorization === '') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/.exec(authorization.trim());
  return match ? match[1] : 'malformed';
};

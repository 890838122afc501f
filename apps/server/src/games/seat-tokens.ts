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

/**
 * The tokens of a game already found to match its digests, for as long as the game's digests are
 * held (the cached game): a seat sends the same token with every order, and hashing it each time
 * was a thirtieth of a command's CPU. Compared in constant time like the digests; held in memory
 * only, as the request that carried the token was, and never written anywhere.
 */
const matchedTokens = new WeakMap<readonly SeatTokenDigest[], Array<{ seat: number; token: string }>>();

/** The seat a token belongs to, or undefined. Compares digests (or tokens already matched) in constant time. */
export const seatForToken = (digests: readonly SeatTokenDigest[], token: string): number | undefined => {
  const matched = matchedTokens.get(digests);
  const again = matched?.find((m) => sameText(m.token, token))?.seat;
  if (again !== undefined) return again;
  let known = digestBytes.get(digests);
  if (!known) digestBytes.set(digests, (known = digests.map((d) => ({ seat: d.seat, bytes: Buffer.from(d.sha256, 'hex') }))));
  const candidate = sha256(token);
  const seat = known.find((d) => d.bytes.length === candidate.length && timingSafeEqual(d.bytes, candidate))?.seat;
  if (seat !== undefined) {
    if (matched) matched.push({ seat, token });
    else matchedTokens.set(digests, [{ seat, token }]);
  }
  return seat;
};

/**
 * Whether two texts are equal, in a time that depends on their length only (every token has the
 * same length): no early exit at the first character that differs.
 */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

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

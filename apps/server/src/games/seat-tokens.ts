// Seat tokens are bearer secrets handed out once, when a game is created. Only their SHA-256
// digests are stored (in the metadata of the game's first event), so a log, a backup or an
// export never holds a usable token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SeatTokenDigest {
  seat: number;
  sha256: string;
}

export const newSeatToken = (): string => randomBytes(32).toString('base64url');

export const digestToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The seat a token belongs to, or undefined. Compares digests in constant time. */
export const seatForToken = (digests: readonly SeatTokenDigest[], token: string): number | undefined => {
  const candidate = Buffer.from(digestToken(token), 'hex');
  return digests.find((d) => timingSafeEqual(Buffer.from(d.sha256, 'hex'), candidate))?.seat;
};

/** Extracts the token from `Authorization: Bearer <token>`; null when absent. */
export const bearerToken = (authorization: string | undefined): string | null | 'malformed' => {
  if (authorization === undefined || authorization === '') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/.exec(authorization.trim());
  return match ? match[1] : 'malformed';
};

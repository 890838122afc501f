// The operators' token (LOGBOOK_ADMIN_TOKEN): a bearer secret from configuration that opens whole
// exports (every secret and draw), imports and forks of any game. Compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Whether `Authorization: Bearer <token>` carries the configured operator token. */
export function isOperator(authorization: string | undefined, adminToken: string | undefined): boolean {
  if (!adminToken || !authorization) return false;
  const match = /^Bearer\s+(\S+)$/.exec(authorization.trim());
  return match !== null && timingSafeEqual(digest(match[1]), digest(adminToken));
}

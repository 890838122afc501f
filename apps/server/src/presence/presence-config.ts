import { hostname } from 'node:os';
import { wholeNumber } from '../history/seek-config';

export const DEFAULT_PRESENCE_AWAY_MS = 30_000;
/** An away seat turns absent after this many grace windows: long enough that a player gone for a coffee is still "away". */
export const ABSENT_AFTER_WINDOWS = 10;

export interface PresenceConfig {
  awayMs: number;
  absentMs: number;
  server: string;
}

/**
 * `LOGBOOK_PRESENCE_AWAY_MS` (10–3600000 ms); the server's name is `LOGBOOK_SERVER_ID`'s, as in
 * /health, else host name and process id.
 */
export function presenceConfigFrom(env: Record<string, string | undefined>): PresenceConfig {
  const awayMs = wholeNumber(env, 'LOGBOOK_PRESENCE_AWAY_MS', 10, 3_600_000) ?? DEFAULT_PRESENCE_AWAY_MS;
  return { awayMs, absentMs: awayMs * ABSENT_AFTER_WINDOWS, server: env.LOGBOOK_SERVER_ID ?? `${hostname()}:${process.pid}` };
}

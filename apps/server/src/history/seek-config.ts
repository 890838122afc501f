import { DEFAULT_SNAPSHOT_EVERY } from '@logbook/projections';

// The seek index's settings, from the environment (validated at start-up like the rest).
export interface SeekConfig {
  /** A snapshot whenever this many events separate a state from the one above it. */
  snapshotEvery: number;
  /** What the indexes of all games may hold together (their estimated size), least recently used dropped first. */
  budgetBytes: number;
}

export const SEEK_CONFIG = Symbol('SEEK_CONFIG');

export const DEFAULT_SEEK_CONFIG: SeekConfig = { snapshotEvery: DEFAULT_SNAPSHOT_EVERY, budgetBytes: 64 * 2 ** 20 };

export const wholeNumber = (env: Record<string, string | undefined>, name: string, min: number, max: number): number | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new Error(`Invalid configuration: ${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
};

/** `LOGBOOK_SEEK_SNAPSHOT_EVERY` (events, 1–10000) and `LOGBOOK_SEEK_INDEX_MB` (1–65536). */
export function seekConfigFrom(env: Record<string, string | undefined>): SeekConfig {
  const every = wholeNumber(env, 'LOGBOOK_SEEK_SNAPSHOT_EVERY', 1, 10_000);
  const megabytes = wholeNumber(env, 'LOGBOOK_SEEK_INDEX_MB', 1, 65_536);
  return {
    snapshotEvery: every ?? DEFAULT_SEEK_CONFIG.snapshotEvery,
    budgetBytes: megabytes !== undefined ? megabytes * 2 ** 20 : DEFAULT_SEEK_CONFIG.budgetBytes,
  };
}

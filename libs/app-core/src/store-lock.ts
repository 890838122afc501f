// One process writes an embedded SQLite store. A running server says so in `<file>.lock`
// (pid, host, start time); the command line refuses a store a live server holds, naming it.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { ensureDataDir } from './data-files';

export interface StoreLockHolder {
  pid: number;
  host: string;
  startedAt: string;
  port?: number;
}

export const lockFileOf = (storeFile: string): string => `${storeFile}.lock`;

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The live server holding the store, or undefined (no lock, a stale one, or another host's). */
export function storeLockHolder(storeFile: string): StoreLockHolder | undefined {
  const file = lockFileOf(storeFile);
  if (!existsSync(file)) return undefined;
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as StoreLockHolder;
    if (!Number.isInteger(holder.pid)) return undefined;
    // Only this host's processes can be checked; another host's lock is taken at its word.
    if (holder.host === hostname() && !isAlive(holder.pid)) return undefined;
    return holder;
  } catch {
    return undefined;
  }
}

export const describeHolder = (storeFile: string, holder: StoreLockHolder): string =>
  `${storeFile} is held by a running Logbook server (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}); stop it first`;

/** Marks the store as held by this process; refuses one another live process holds. */
export function acquireStoreLock(storeFile: string): void {
  const holder = storeLockHolder(storeFile);
  if (holder && !(holder.pid === process.pid && holder.host === hostname())) throw new Error(describeHolder(storeFile, holder));
  const mine: StoreLockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  // The lock is the first file a server writes: on a fresh machine its folder does not exist yet.
  ensureDataDir(storeFile);
  writeFileSync(lockFileOf(storeFile), `${JSON.stringify(mine)}\n`, { mode: 0o600 });
}

/** Removes this process's lock (another process's is left alone). */
export function releaseStoreLock(storeFile: string): void {
  const holder = storeLockHolder(storeFile);
  if (holder && holder.pid === process.pid && holder.host === hostname()) rmSync(lockFileOf(storeFile), { force: true });
}

// Data files hold seat-token digests and hidden information: readable by their owner only.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** Creates the folder of `filename` (owner-only when created here). */
export function ensureDataDir(filename: string): void {
  const dir = dirname(filename);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Makes a SQLite file and its WAL companions owner-only (SQLite gives companions the file's mode). */
export function restrictToOwner(filename: string): void {
  for (const file of [filename, `${filename}-wal`, `${filename}-shm`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

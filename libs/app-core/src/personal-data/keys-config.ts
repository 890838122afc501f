// Where a store's personal-data keys live, from configuration: a file beside an embedded log
// (and beside EventStoreDB's read models, which have no table of the store to hold them), the
// PostgreSQL store's own schema, or memory with the memory store.
import { dirname, join } from 'node:path';
import type { EventStoreConfig } from '@logbook/event-store';
import { InMemoryPersonalDataKeys, type PersonalDataKeys } from '@logbook/game-log';
import { ensureDataDir, restrictToOwner } from '../data-files';
import { PostgresPersonalDataKeys } from './postgres-personal-data-keys';
import { SqlitePersonalDataKeys } from './sqlite-personal-data-keys';

/** The file of an embedded store's personal-data keys: beside the log, never inside it. */
export const PERSONAL_DATA_KEYS_FILE = 'personal-data-keys.sqlite';

/** Where the personal-data keys of a store live (see docs/privacy.md). */
export type PersonalDataKeysConfig = { kind: 'sqlite'; filename: string } | { kind: 'postgres'; url: string } | { kind: 'memory' };

/** The keys' home for a store: a file beside a SQLite log, the PostgreSQL store's schema, else memory. */
export const personalDataKeysBeside = (store: EventStoreConfig): PersonalDataKeysConfig =>
  store.kind === 'sqlite' && store.filename !== ':memory:'
    ? { kind: 'sqlite', filename: join(dirname(store.filename), PERSONAL_DATA_KEYS_FILE) }
    : store.kind === 'postgres'
      ? { kind: 'postgres', url: store.url }
      : { kind: 'memory' };

export function openPersonalDataKeys(config: PersonalDataKeysConfig): PersonalDataKeys {
  if (config.kind === 'memory') return new InMemoryPersonalDataKeys();
  if (config.kind === 'postgres') return new PostgresPersonalDataKeys(config.url);
  ensureDataDir(config.filename);
  const keys = new SqlitePersonalDataKeys(config.filename);
  restrictToOwner(config.filename);
  return keys;
}

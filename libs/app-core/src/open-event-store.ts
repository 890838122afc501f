// The event store as configured, with the game's upcasters: what the server and the command
// line both open, so both read the same log the same way.
import { createEventStore, withSharedContent, type EventStore } from '@logbook/event-store';
import { gameEventUpcasters, gameSharedContent, InMemoryPersonalDataKeys, PersonalDataVault, withPersonalData } from '@logbook/game-log';
import type { AppConfig } from './app-config';
import { ensureDataDir, restrictToOwner } from './data-files';
import { openPersonalDataKeys, personalDataKeysBeside, type PersonalDataKeysConfig } from './personal-data/keys-config';

/**
 * Bound of the cache of shared values (scenarios, fork boards) read back, in characters of JSON:
 * a maximal scenario's board is about 1.5 MB, so this holds a few dozen distinct ones.
 */
export const SHARED_CONTENT_CACHE_BYTES = 64 * 1024 * 1024;

export function openEventStore(config: AppConfig['store'], keys: PersonalDataKeysConfig = personalDataKeysBeside(config)): EventStore {
  const onDisk = config.kind === 'sqlite' && config.filename !== ':memory:';
  if (onDisk) ensureDataDir(config.filename);
  const store = createEventStore(config, { upcasters: gameEventUpcasters() });
  // The log holds seat-token digests and hidden information: readable by its owner only.
  if (onDisk) restrictToOwner(config.filename);
  return sharingGameContent(store, new PersonalDataVault(openPersonalDataKeys(keys)));
}

/** Keys in memory for each bare store tests share between servers, so every server's view opens the same names. */
const sharedKeys = new WeakMap<EventStore, PersonalDataVault>();

/**
 * The store with the game's large values stored once and read back in place (see
 * `gameSharedContent`), and its names sealed (`withPersonalData`). Every reader of the log gets
 * its store through here (the server, the command line, stores that tests share between
 * servers), so every reader sees whole events with names opened.
 */
export const sharingGameContent = (store: EventStore, vault?: PersonalDataVault): EventStore => {
  let keys = vault;
  if (!keys) {
    keys = sharedKeys.get(store);
    if (!keys) sharedKeys.set(store, (keys = new PersonalDataVault(new InMemoryPersonalDataKeys())));
  }
  return withPersonalData(withSharedContent(store, { policy: gameSharedContent, cacheBytes: SHARED_CONTENT_CACHE_BYTES }), keys);
};

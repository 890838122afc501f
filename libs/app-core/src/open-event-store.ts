// The event store as configured, with the game's upcasters: what the server and the command
// line both open, so both read the same log the same way.
import { createEventStore, type EventStore } from '@logbook/event-store';
import { gameEventUpcasters } from '@logbook/game-log';
import type { AppConfig } from './app-config';
import { ensureDataDir, restrictToOwner } from './data-files';

export function openEventStore(config: AppConfig['store']): EventStore {
  const onDisk = config.kind === 'sqlite' && config.filename !== ':memory:';
  if (onDisk) ensureDataDir(config.filename);
  const store = createEventStore(config, { upcasters: gameEventUpcasters() });
  // The log holds seat-token digests and hidden information: readable by its owner only.
  if (onDisk) restrictToOwner(config.filename);
  return store;
}

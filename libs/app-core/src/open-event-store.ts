// The event store as configured, with the game's upcasters: what the server and the command
// line both open, so both read the same log the same way.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createEventStore, type EventStore } from '@logbook/event-store';
import { gameEventUpcasters } from '@logbook/game-log';
import type { AppConfig } from './app-config';

export function openEventStore(config: AppConfig['store']): EventStore {
  if (config.kind === 'sqlite' && config.filename !== ':memory:') mkdirSync(dirname(config.filename), { recursive: true });
  return createEventStore(config, { upcasters: gameEventUpcasters() });
}

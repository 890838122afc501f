import type { Appliers } from '../appliers';
import type { MigrationEvent } from './migration.events';

export const migrationAppliers: Appliers<MigrationEvent> = {
  // The board is what the actions before it left (the ActionUndone actions took the rest back).
  GameMigrated() {},
};

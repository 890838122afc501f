// The migration folder's public names, spelled out for the reason libs/rules/src/index.ts gives.
export type { GameMigrated, MigrationEvent } from './migration.events';

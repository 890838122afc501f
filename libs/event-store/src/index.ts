export * from './event-store.port';
export * from './errors';
export { createEventStore, type EventStoreConfig, type EventStoreDependencies } from './create-event-store';
export { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite/sqlite-event-store';
export { SCHEMA_VERSION as SQLITE_SCHEMA_VERSION } from './sqlite/sqlite-schema';
export { InMemoryEventStore } from './memory/in-memory-event-store';
export type { LocalStoreOptions } from './core/local-event-store';
export { UpcasterRegistry, type Upcaster } from './upcasting/upcaster-registry';
export { matchesFilter } from './core/all-filter';
export type { EventStoreDbEventStore, EventStoreDbEventStoreOptions } from './eventstoredb/eventstoredb-event-store';
export type { PostgresEventStore, PostgresEventStoreOptions } from './postgres/postgres-event-store';
// The URL's reading and the advisory-lock classes the store takes, for whatever else keeps tables
// in the same database (read models): neither loads the driver.
export { postgresTarget, type PostgresTarget } from './postgres/postgres-connection';
export { APPEND_LOCK_CLASS, MIGRATE_LOCK_CLASS } from './postgres/postgres-schema';
export { resubscribing, type ResubscribeOptions } from './core/resubscribing';
export {
  withSharedContent,
  inOrder,
  contentStreamId,
  SharedContentMissingError,
  CONTENT_STREAM_PREFIX,
  CONTENT_EVENT_TYPE,
  CONTENT_REFS,
  CONTENT_METADATA_REFS,
  type ContentPolicy,
  type ContentPath,
  type ContentRef,
  type SharedContentOptions,
} from './content/shared-content';

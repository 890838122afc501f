export * from './awaitable';
export * from './checkpoint-store.port';
export * from './in-memory-checkpoint-store';
export * from './sqlite-checkpoint-store';
export * from './projection';
export * from './projection-runner';
export { moveFromWithoutRowid, openReadModelDatabase } from './read-model-database';
export * from './generations';
export * from './sqlite-generation-control';

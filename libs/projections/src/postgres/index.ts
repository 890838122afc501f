export * from './postgres-read-models';
export * from './postgres-rows';
export * from './postgres-game-state-store';
export * from './postgres-analytics-store';
export * from './postgres-checkpoint-store';
export * from './shared-projection-runner';
export * from './shared-generations';

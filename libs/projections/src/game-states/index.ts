export * from './game-state-store.port';
export * from './game-states.projection';
export * from './in-memory-game-state-store';
export * from './sqlite-game-state-store';

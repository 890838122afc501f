// The game's log in the store, one home for both sides: stream naming and the event codec.
export * from './game-stream';
export * from './game-events';
export * from './log-entries';
// What each action records, and deciding a log again (import, revalidate); the export format.
export * from './action-metadata';
export * from './fingerprint';
export * from './stable-json';
export * from './effective-fold';
export * from './redecide';
export * from './export-format';

// The game's log in the store, one home for both sides: stream naming and the event codec.
export * from './game-stream';
export * from './game-events';
export * from './log-entries';

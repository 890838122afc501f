// The game's log in the store, one home for both sides: stream naming and the event codec.
export * from './game-stream';
export * from './game-events';
export * from './log-entries';
// What each action records, and deciding a log again (import, revalidate); the export format.
export * from './action-metadata';
export * from './fingerprint';
export * from './stable-json';
export * from './sha256';
export * from './effective-fold';
export * from './redecide';
export * from './export-format';
export * from './event-view';
export * from './shared-content';
// Named again, though `export *` above exports them: called on every action (see the same note
// in libs/rules/src/index.ts: a named re-export compiles to a getter V8 inlines).
export { gameIdOf, gameStreamId } from './game-stream';
export { recordedGameEvents, toDomainEvent, toNewEvents } from './game-events';
export { actionMetadata } from './action-metadata';
export { commandFingerprint } from './fingerprint';
export { sha256 } from './sha256';

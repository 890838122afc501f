// The game's log in the store, one home for both sides: stream naming and the event codec.
// Every name is spelled out, never `export *` (lint refuses it): compiled to CommonJS,
// `export *` reads each name through one getter shared by the whole module, a megamorphic load
// on every call of what the command path calls per action; a named re-export gets a getter of
// its own, which V8 inlines. A name added to a module is added here too.
export { GAME_STREAM_PREFIX, gameIdOf, gameStreamId } from './game-stream';
export { PLAYER_STREAM_PREFIX, type PlayerEvent, playerIdOf, type PlayerRegistered, playerStreamId, playerSubject } from './player-stream';
export { deterministicEventId, GAME_EVENT_SCHEMA_VERSION, gameEventUpcasters, recordedGameEvents, toDomainEvent, toNewEvents } from './game-events';
export { toLogEntries } from './log-entries';
// What each action records, and deciding a log again (import, revalidate); the export format.
export { actionMetadata, type ActionRecord, groupActions, type RecordedAction, type RecordedCommand, recordedCreateGame } from './action-metadata';
export { commandFingerprint, sameFingerprint } from './fingerprint';
export { stableStringify, stableStringifyByReplacer } from './stable-json';
export { sha256, sha256Hex } from './sha256';
export { EffectiveFold, effectiveHistory, effectiveState } from './effective-fold';
export {
  type Decide,
  CLAIM_SEAT_COMMAND,
  type Divergence,
  firstDifference,
  type LogEvent,
  MIGRATE_COMMAND,
  redecide,
  redecideYielding,
  type RedecideOptions,
  type RedecideResult,
} from './redecide';
export {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportAccess,
  ExportFormatError,
  type ExportHeader,
  exportLine,
  type ExportLine,
  isWholeExport,
  parseExport,
} from './export-format';
// Which rules a log was decided under, and moving a game to today's.
export { logRulesVersion, recordedRulesVersion, RULES_VERSION_KEY, scenarioDigest } from './rules-versions';
export { type MigrationInput, type MigrationPlan, planMigration } from './migration';
// Which values of the game's events are stored once, by content (see withSharedContent).
export { gameSharedContent } from './shared-content';
export type { CommandResult, EventView } from './event-view';
// Personal data (names typed at seats) sealed in the log under a key per subject (docs/privacy.md).
export {
  type Awaitable as PersonalDataAwaitable,
  ERASED_NAME,
  InMemoryPersonalDataKeys,
  isSealed,
  type PersonalDataKeys,
  PersonalDataVault,
  SEALED_PREFIX,
  type SubjectKey,
} from './personal-data/vault';
export { holdsPersonalData, seatNamesOf, seatSubject } from './personal-data/game-personal-data';
export { type SeatNames, seatNamesNow } from './personal-data/seat-names-now';
export { PersonalDataEventStore, personalDataVaultOf, withPersonalData } from './personal-data/with-personal-data';

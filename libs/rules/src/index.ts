// The rules library's public face.
// Every name is spelled out, never `export *`: compiled to CommonJS, `export *` reads each name
// through one getter shared by the whole module (a megamorphic load on every call of what the
// command path and the projections call per action), where a named re-export gets a getter of
// its own, which V8 inlines. A name added to a module is added here too (lint refuses `export *`).
export { coverTile, isCovered, placementRotation, placeTileHexes, tileFits, tileHasUnpurgedAltar } from './board';
export type { CommandSpec, CommandSpecs } from './command-spec';
export type { CommandOfType, GameCommand, GameCommandType, PlayCommand } from './commands';
export { COMMAND_SPECS, decide, decideAndApply, type DecideContext, isKnownCommandType, PHASE_HOOKS, PIPELINE_RULES } from './decide';
export { applyEvents, Decision, isPlayDecision, type PhaseHookTable, type PlayDecision } from './decision';
export { ensure, RuleViolation } from './errors';
export type { DomainCommand, DomainEvent, Secret } from './event';
export type { EventOfType, GameEvent, GameEventType } from './events';
export { applyEvent, evolve, foldEvents } from './evolve';
export type { Appliers } from './appliers';
export {
  type AddNote,
  type CarriedNote,
  countNotes,
  decideNote,
  MAX_NOTE_LENGTH,
  MAX_NOTES_PER_GAME,
  type NoteAdded,
  type NoteAuthor,
  type NoteContext,
  type NoteEvent,
} from './notes';
export {
  claimedSeats,
  decideSeatClaim,
  decideSeatControl,
  foldSeatBot,
  foldSeatClaim,
  SEAT_CLAIM_CONFLICTS,
  type SeatBots,
  type SeatClaim,
  type SeatClaimed,
  type SeatClaims,
  seatClaims,
  type SeatControl,
  seatBots,
  type SeatEvent,
  type SeatHandedToBot,
  type SeatTakenBack,
} from './seats';
export { decideFork, type ForkedBoard, type ForkEvent, type ForkInput, type GameForked, publicBoard } from './fork';
export type { GameMigrated, MigrationEvent } from './migration';
export { rulesVersion, type RulesVersion } from './rules-version';
export {
  addHex,
  areAdjacent,
  type Facing,
  FACINGS,
  type Hex,
  hexDistance,
  hexKey,
  isFacing,
  neighbor,
  rotateOffset,
  type Rotation,
  sameHex,
  type TurnDirection,
  turnFacing,
} from './hex';
export { crewInZone, CROWS_NEST, isNodeFree, nodeIds, type NodeZone, nodeZone } from './nodes';
export { boardHex, characterOfSeat, commandedShip, enemyShipAt, isOccupied, isRough, isStorm, requireCommandedShip } from './queries';
export { recordingRng, type Rng, rollDie, scriptedRng, seededRng, shuffle } from './random';
export {
  CARD_TYPES,
  type CardDefinition,
  type CardPowers,
  type CardType,
  type CharacterDefinition,
  type CheckDefinition,
  type CheckOptionDefinition,
  type CheckStepDefinition,
  type CrewDefinition,
  DICE,
  type Die,
  type EnemyDefinition,
  type EnemyShipDefinition,
  ENTERABLE_TERRAINS,
  type FeatDefinition,
  type PlacedTileDefinition,
  type PlayerShipDefinition,
  type ScenarioDefinition,
  type ShipCardDefinition,
  type ShipDeckDefinition,
  type ShipPowers,
  type Skill,
  SKILLS,
  type Terrain,
  TERRAINS,
  type TileDefinition,
  type TileHexDefinition,
} from './scenario';
export {
  type BoardHex,
  type CharacterState,
  cloneState,
  type CrewState,
  type EnemyOnDeck,
  type EnemyShipState,
  type GameMode,
  type GameState,
  type GameStatus,
  initialState,
  type NavigationState,
  type PendingState,
  type PlacedTile,
  type PlayerShipState,
  type SeatState,
  type TurnState,
} from './state';
export { isGameOver, maySeeSecret, redactEvent, statusAfter, type Viewer } from './view';
export type { PublicScenario } from './setup/setup.events';
export { partyView, type CharacterView, type PartyView, type PartyViewOptions, type ShipView } from './ships/ships.view';
export { PLUNDER_TYPES, type PlunderType } from './plunder/plunder-types';
export type { CheckChoice, DieRoll } from './checks/check';
export type { NavigationStep } from './navigation/navigation.commands';
export type { CreateGame } from './setup/setup.commands';
export {
  type ActionRedone,
  type ActionUndone,
  decideWithHistory,
  effectiveActions,
  effectiveEntries,
  GameHistory,
  groupActions,
  HISTORY_EVENT_TYPES,
  HISTORY_NEUTRAL_EVENTS,
  type HistoryAction,
  type HistoryBase,
  isFloor,
  type HistoryCommand,
  type HistoryDecision,
  type HistoryEvent,
  type HistoryStep,
  historyTargets,
  type HistoryTarget,
  type AnswerTakeback,
  type RequestTakeback,
  type TakebackCommand,
  type WithdrawTakeback,
  type TakebackAccepted,
  type TakebackDeclined,
  type TakebackEvent,
  type TakebackRequested,
  type TakebackWithdrawn,
  type TakebackOutcome,
  type TakebackRequest,
  type TakebackStatus,
  takebackStatus,
  TAKEBACK_WINDOW_MS,
  type TakebackCandidate,
  takebackCandidates,
  type TakebackView,
  takebackWaitingFor,
  isHistoryCommand,
  isHistoryNeutral,
  isRevealingAction,
  isRevealingEvent,
  type LogCommand,
  type LogEntry,
  type LoggedAction,
  type Redo,
  REVEALING_EVENT_TYPES,
  type SeatCommand,
  type Undo,
} from './history';
export {
  candidateCommands,
  checkChoices,
  type CommandCost,
  exploreVariants,
  type LegalCommand,
  legalCommands,
  type LegalCommandsOptions,
  waitingFor,
  type WaitingFor,
} from './options';

export * from './board';
export * from './command-spec';
export * from './commands';
export * from './decide';
export * from './decision';
export * from './errors';
export * from './event';
export * from './events';
export * from './evolve';
export type { Appliers } from './appliers';
export * from './fork';
export * from './hex';
export * from './nodes';
export * from './queries';
export * from './random';
export * from './scenario';
export * from './state';
export * from './view';
export type { PublicScenario } from './setup/setup.events';
export { partyView, type CharacterView, type PartyView, type PartyViewOptions, type ShipView } from './ships/ships.view';
export { PLUNDER_TYPES } from './plunder/plunder';
export type { CheckChoice, DieRoll } from './checks/check';
export type { NavigationStep } from './navigation/navigation.commands';
export type { CreateGame } from './setup/setup.commands';
export * from './history';
export * from './options';
// Named again, though `export *` above exports them: what the command path and the game-states
// projection call on every action. Compiled to CommonJS, `export *` reads each name through one
// getter shared by the whole module (a megamorphic load per call, two through history/index);
// a named re-export gets a getter of its own, which V8 inlines.
export { applyEvent } from './evolve';
export { decideWithHistory } from './history/decide-with-history';
export { HISTORY_EVENT_TYPES } from './history/history.events';
export { recordingRng } from './random';
export { maySeeSecret } from './view';

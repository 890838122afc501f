// The options folder's public names, spelled out for the reason libs/rules/src/index.ts gives.
export { candidateCommands } from './candidates';
export { checkChoices, exploreVariants } from '../candidate-choices';
export { type CommandCost, type LegalCommand, legalCommands, type LegalCommandsOptions } from './legal-commands';
export { waitingFor, type WaitingFor } from './waiting-for';

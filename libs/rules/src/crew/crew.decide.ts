import type { CommandSpecs } from '../command-spec';
import type { CrewCommand } from './crew.commands';

export const crewCommands: CommandSpecs<CrewCommand> = {};

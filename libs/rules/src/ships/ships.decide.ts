import type { CommandSpecs } from '../command-spec';
import type { ShipCommand } from './ships.commands';

export const shipCommands: CommandSpecs<ShipCommand> = {};

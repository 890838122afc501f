import type { CommandSpecs } from '../command-spec';
import { decideEngageShip } from './encounter';
import type { ShipCommand } from './ships.commands';

export const shipCommands: CommandSpecs<ShipCommand> = {
  EngageShip: { actor: 'active-seat', decide: decideEngageShip },
};

import type { CrewCommand } from './crew/crew.commands';
import type { NavigationCommand } from './navigation/navigation.commands';
import type { CreateGame } from './setup/setup.commands';
import type { ShipCommand } from './ships/ships.commands';
import type { TurnCommand } from './turn/turn.commands';

export type GameCommand = CreateGame | TurnCommand | NavigationCommand | CrewCommand | ShipCommand;
export type GameCommandType = GameCommand['type'];
export type CommandOfType<K extends GameCommandType> = Extract<GameCommand, { type: K }>;

import type { CharacterCommand } from './characters/characters.commands';
import type { CrewCommand } from './crew/crew.commands';
import type { DamageCommand } from './damage/damage.commands';
import type { EnemyCommand } from './enemies/enemies.commands';
import type { NavigationCommand } from './navigation/navigation.commands';
import type { PlunderCommand } from './plunder/plunder.commands';
import type { CreateGame } from './setup/setup.commands';
import type { ShipCommand } from './ships/ships.commands';
import type { TurnCommand } from './turn/turn.commands';

/** Every command, one union per feature folder. */
export type GameCommand =
  CreateGame | TurnCommand | NavigationCommand | CrewCommand | ShipCommand | DamageCommand | PlunderCommand | CharacterCommand | EnemyCommand;
export type GameCommandType = GameCommand['type'];
export type CommandOfType<K extends GameCommandType> = Extract<GameCommand, { type: K }>;
/** What a seat sends to play: every command but CreateGame (Undo and Redo, decided against the history, are `SeatCommand`s). */
export type PlayCommand = Exclude<GameCommand, CommandOfType<'CreateGame'>>;

import type { PlayCommand } from '../commands';
import type { DomainCommand } from '../event';
import { TAKEBACK_COMMAND_TYPES, type TakebackCommand } from './takeback.commands';

/** [D §11] take back the last effective action. */
export type Undo = DomainCommand<'Undo'>;
/** [D §11] re-apply the most recently undone action, with its recorded events. */
export type Redo = DomainCommand<'Redo'>;

/** Commands decided against the history rather than the board: undo, redo and takebacks. */
export type HistoryCommand = Undo | Redo | TakebackCommand;

export const isHistoryCommand = (command: { type: string }): command is HistoryCommand =>
  command.type === 'Undo' || command.type === 'Redo' || TAKEBACK_COMMAND_TYPES.has(command.type);

/** Everything a seat may send: a play command, or a history command. */
export type SeatCommand = PlayCommand | HistoryCommand;

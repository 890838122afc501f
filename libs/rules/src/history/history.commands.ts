import type { PlayCommand } from '../commands';
import type { DomainCommand } from '../event';

/** [D §11] take back the last effective action. */
export type Undo = DomainCommand<'Undo'>;
/** [D §11] re-apply the most recently undone action, with its recorded events. */
export type Redo = DomainCommand<'Redo'>;

export type HistoryCommand = Undo | Redo;

export const isHistoryCommand = (command: { type: string }): command is HistoryCommand => command.type === 'Undo' || command.type === 'Redo';

/** Everything a seat may send: a play command, or Undo / Redo. */
export type SeatCommand = PlayCommand | HistoryCommand;

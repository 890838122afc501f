// DTOs of undo and redo (libs/rules/src/history): no fields besides the type.
import { CommandDto, type CommandDtoTable } from './command-base.dto';

/** [D] take back the last effective action (RULES.md: undo.* rules). */
export class UndoDto extends CommandDto {}
/** [D] re-apply the most recently undone action with its recorded events. */
export class RedoDto extends CommandDto {}

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const HISTORY_DTOS: CommandDtoTable<'Undo' | 'Redo'> = {
  Undo: UndoDto,
  Redo: RedoDto,
};

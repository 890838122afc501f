// DTOs of the history commands (libs/rules/src/history): undo, redo and takebacks by consent.
import { IsBoolean, IsInt, IsString, Length, Max, Min } from 'class-validator';
import { CommandDto, type CommandDtoTable, type HistoryCommandFields } from './command-base.dto';

/** [D] take back the last effective action (RULES.md: undo.* rules). */
export class UndoDto extends CommandDto {}
/** [D] re-apply the most recently undone action with its recorded events. */
export class RedoDto extends CommandDto {}

/** [D] ask the other seats to take back this action and every effective one after it (RULES.md: takeback.* rules). */
export class RequestTakebackDto extends CommandDto implements HistoryCommandFields<'RequestTakeback'> {
  @IsString()
  @Length(1, 100)
  actionId!: string;
}

/** [D] accept or decline the open takeback request (every seat but the requester answers). */
export class AnswerTakebackDto extends CommandDto implements HistoryCommandFields<'AnswerTakeback'> {
  /** The revision of its TakebackRequested event. */
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  requestId!: number;

  @IsBoolean()
  accept!: boolean;
}

/** [D] the requester withdraws its open takeback request. */
export class WithdrawTakebackDto extends CommandDto implements HistoryCommandFields<'WithdrawTakeback'> {
  /** The revision of its TakebackRequested event. */
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  requestId!: number;
}

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const HISTORY_DTOS: CommandDtoTable<'Undo' | 'Redo' | 'RequestTakeback' | 'AnswerTakeback' | 'WithdrawTakeback'> = {
  Undo: UndoDto,
  Redo: RedoDto,
  RequestTakeback: RequestTakebackDto,
  AnswerTakeback: AnswerTakebackDto,
  WithdrawTakeback: WithdrawTakebackDto,
};

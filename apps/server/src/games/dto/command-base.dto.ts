import { IsString, Matches } from 'class-validator';
import type { ClassConstructor } from 'class-transformer';
import type { CommandOfType, GameCommandType, HistoryCommand } from '@logbook/rules';

/** The fields of a command besides its type: what a DTO class `implements`, so a drifting field does not compile. */
export type CommandFields<K extends GameCommandType> = Omit<CommandOfType<K>, 'type'>;
/** The same for a command decided against the history (Undo, Redo, takebacks). */
export type HistoryCommandFields<K extends HistoryCommand['type']> = Omit<Extract<HistoryCommand, { type: K }>, 'type'>;

/** What a commandId may be (also checked, before the DTOs, by parseCommandBody's memo). */
export const COMMAND_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Fields every command body carries. */
export abstract class CommandDto {
  /** Client-chosen id; resending the same id never applies the command twice. */
  @IsString()
  @Matches(COMMAND_ID, { message: 'commandId must be 1-100 characters of A-Z a-z 0-9 . _ : -' })
  commandId!: string;

  @IsString()
  type!: string;
}

/** What a seat may send, by type: the rules' commands but CreateGame, and Undo/Redo. */
export type RulesCommandType = Exclude<GameCommandType, 'CreateGame'>;
export type SeatCommandType = RulesCommandType | HistoryCommand['type'];

/**
 * Each feature's DTO classes by command type (its `*.dto.ts` ends with its table), so a command
 * added to a feature is added there alone; `command-dtos.ts` joins the tables and checks that
 * together they name every command.
 */
export type CommandDtoTable<K extends SeatCommandType = SeatCommandType> = {
  [P in K]: ClassConstructor<
    CommandDto & (P extends RulesCommandType ? CommandFields<P> : P extends HistoryCommand['type'] ? HistoryCommandFields<P> : object)
  >;
};

import { IsString, Matches } from 'class-validator';
import type { CommandOfType, GameCommandType } from '@logbook/rules';

/** The fields of a command besides its type: what a DTO class `implements`, so a drifting field does not compile. */
export type CommandFields<K extends GameCommandType> = Omit<CommandOfType<K>, 'type'>;

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

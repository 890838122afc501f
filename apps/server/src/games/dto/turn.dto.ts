// DTOs of the turn rules (libs/rules/src/turn).
import { CommandDto, type CommandFields, type CommandDtoTable } from './command-base.dto';

export class EndTurnDto extends CommandDto implements CommandFields<'EndTurn'> {}

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const TURN_DTOS: CommandDtoTable<'EndTurn'> = {
  EndTurn: EndTurnDto,
};

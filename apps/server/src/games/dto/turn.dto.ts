// DTOs of the turn rules (libs/rules/src/turn).
import { CommandDto, type CommandFields } from './command-base.dto';

export class EndTurnDto extends CommandDto implements CommandFields<'EndTurn'> {}

// DTOs of the crew rules (libs/rules/src/crew).
import { IsString, Length } from 'class-validator';
import { CommandDto, type CommandFields } from './command-base.dto';

export class MoveCrewDto extends CommandDto implements CommandFields<'MoveCrew'> {
  @IsString()
  @Length(1, 100)
  crewId!: string;

  @IsString()
  @Length(1, 100)
  node!: string;
}

export class DropAnchorDto extends CommandDto implements CommandFields<'DropAnchor'> {}
export class WeighAnchorDto extends CommandDto implements CommandFields<'WeighAnchor'> {}

// DTOs of the crew rules (libs/rules/src/crew).
import { IsString, Length } from 'class-validator';
import { CommandDto, type CommandFields, type CommandDtoTable } from './command-base.dto';

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

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const CREW_DTOS: CommandDtoTable<'MoveCrew' | 'DropAnchor' | 'WeighAnchor'> = {
  MoveCrew: MoveCrewDto,
  DropAnchor: DropAnchorDto,
  WeighAnchor: WeighAnchorDto,
};

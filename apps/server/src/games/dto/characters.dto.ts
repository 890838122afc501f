// DTOs of the characters rules (libs/rules/src/characters).
import { IsBoolean, IsString, Length } from 'class-validator';
import { CommandDto, type CommandFields, type CommandDtoTable } from './command-base.dto';

export class EmbarkDto extends CommandDto implements CommandFields<'Embark'> {
  @IsString()
  @Length(1, 100)
  shipId!: string;
}

export class DisembarkDto extends CommandDto implements CommandFields<'Disembark'> {}

export class SetFollowShipDto extends CommandDto implements CommandFields<'SetFollowShip'> {
  @IsBoolean()
  follow!: boolean;
}

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const CHARACTERS_DTOS: CommandDtoTable<'Embark' | 'Disembark' | 'SetFollowShip'> = {
  Embark: EmbarkDto,
  Disembark: DisembarkDto,
  SetFollowShip: SetFollowShipDto,
};

// DTOs of the characters rules (libs/rules/src/characters).
import { IsBoolean, IsString, Length } from 'class-validator';
import { CommandDto, type CommandFields } from './command-base.dto';

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

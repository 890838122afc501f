// DTOs of the ships rules (libs/rules/src/ships).
import { IsBoolean, IsOptional, IsString, Length } from 'class-validator';
import { CheckChoiceDto } from './check-choice.dto';
import type { CommandFields } from './command-base.dto';
import type { CommandDtoTable } from './command-base.dto';

export class EngageShipDto extends CheckChoiceDto implements CommandFields<'EngageShip'> {
  @IsString()
  @Length(1, 100)
  enemyShipId!: string;

  @IsOptional()
  @IsBoolean()
  seize?: boolean;
}

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const SHIPS_DTOS: CommandDtoTable<'EngageShip'> = {
  EngageShip: EngageShipDto,
};

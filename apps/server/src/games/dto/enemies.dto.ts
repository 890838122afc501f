// DTOs of the enemies and altars rules (libs/rules/src/enemies).
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import type { Hex } from '@logbook/rules';
import { CheckChoiceDto } from './check-choice.dto';
import type { CommandFields } from './command-base.dto';
import type { CommandDtoTable } from './command-base.dto';

export class RepelEnemyDto extends CheckChoiceDto implements CommandFields<'RepelEnemy'> {
  @IsString()
  @Length(1, 100)
  enemyId!: string;
}

export class HexDto implements Hex {
  @IsInt()
  @Min(-1000)
  @Max(1000)
  q!: number;

  @IsInt()
  @Min(-1000)
  @Max(1000)
  r!: number;
}

export class PurgeAltarDto extends CheckChoiceDto implements CommandFields<'PurgeAltar'> {
  @IsObject()
  @ValidateNested()
  @Type(() => HexDto)
  hex!: HexDto;
}

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const ENEMIES_DTOS: CommandDtoTable<'RepelEnemy' | 'PurgeAltar'> = {
  RepelEnemy: RepelEnemyDto,
  PurgeAltar: PurgeAltarDto,
};

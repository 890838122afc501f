// DTOs of the structural damage and repair rules (libs/rules/src/damage).
import { ArrayMaxSize, IsArray, IsOptional, IsString, Length } from 'class-validator';
import { CheckChoiceDto } from './check-choice.dto';
import { CommandDto, type CommandFields, type CommandDtoTable } from './command-base.dto';

export class AttemptRepairDto extends CheckChoiceDto implements CommandFields<'AttemptRepair'> {}

export class ReduceStructuralDamageDto extends CommandDto implements CommandFields<'ReduceStructuralDamage'> {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  play?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  discard?: string[];
}

export class ResolveStructuralDamageDto extends CommandDto implements CommandFields<'ResolveStructuralDamage'> {}

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const DAMAGE_DTOS: CommandDtoTable<'AttemptRepair' | 'ReduceStructuralDamage' | 'ResolveStructuralDamage'> = {
  AttemptRepair: AttemptRepairDto,
  ReduceStructuralDamage: ReduceStructuralDamageDto,
  ResolveStructuralDamage: ResolveStructuralDamageDto,
};

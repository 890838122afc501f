// Scenario document classes, part 1: the small shapes other parts reuse (hexes, checks).
import 'reflect-metadata'; // class-transformer's @Type reads design metadata
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsObject, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import type { CheckDefinition, CheckOptionDefinition, CheckStepDefinition, Hex } from '@logbook/rules';
import { SCENARIO_LIMITS as MAX } from './scenario-limits';

/** Board coordinates are kept small: a table, not an ocean. */
export const MAX_COORDINATE = 1000;

export class HexDto implements Hex {
  @IsInt()
  @Min(-MAX_COORDINATE)
  @Max(MAX_COORDINATE)
  q!: number;

  @IsInt()
  @Min(-MAX_COORDINATE)
  @Max(MAX_COORDINATE)
  r!: number;
}

export class CheckOptionDto implements CheckOptionDefinition {
  /** A skill or feat name, e.g. ['Strength', 'Melee']. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX.checkSkills)
  @IsString({ each: true })
  @Length(1, MAX.label, { each: true })
  skills!: string[];

  @IsInt()
  @Min(0)
  @Max(100)
  difficulty!: number;
}

export class CheckStepDto implements CheckStepDefinition {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX.checkOptions)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CheckOptionDto)
  options!: CheckOptionDto[];
}

export class CheckDto implements CheckDefinition {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX.checkSteps)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CheckStepDto)
  steps!: CheckStepDto[];
}

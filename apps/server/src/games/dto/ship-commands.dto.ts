import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateBy, ValidateNested, type ValidationOptions } from 'class-validator';
import { CommandDto } from './command-base.dto';

const isCardIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= 10 && value.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 100);

/** Boon card ids: one list (for the first step) or one list per check step. */
const IsBoonLists = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isBoonLists',
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) && value.length <= 10 && (isCardIdList(value) || value.every(isCardIdList)),
        defaultMessage: () => 'boons must be a list of card ids, or one such list per check step',
      },
    },
    options,
  );

const isOptionIndex = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 9;

/** An option index (0-9) for every step, or one index per step. */
const IsCheckOption = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isCheckOption',
      validator: {
        validate: (value: unknown) =>
          isOptionIndex(value) || (Array.isArray(value) && value.length <= 10 && value.every(isOptionIndex)),
        defaultMessage: () => 'option must be an option index 0-9, or one such index per check step',
      },
    },
    options,
  );

/** The choices of a check [S]: option index per step (or one for all), boons played. */
abstract class CheckChoiceDto extends CommandDto {
  @IsOptional() @IsCheckOption()
  option?: number | number[];

  @IsOptional() @IsBoonLists()
  boons?: string[] | string[][];
}

export class EngageShipDto extends CheckChoiceDto {
  @IsString() @Length(1, 100)
  enemyShipId!: string;

  @IsOptional() @IsBoolean()
  seize?: boolean;
}

export class AttemptRepairDto extends CheckChoiceDto {}

export class ReduceStructuralDamageDto extends CommandDto {
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @Length(1, 100, { each: true })
  play?: string[];

  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @Length(1, 100, { each: true })
  discard?: string[];
}

export class ResolveStructuralDamageDto extends CommandDto {}

export class ChoosePlunderTypeDto extends CommandDto {
  @IsIn(['weapon', 'spell', 'armor', 'item', 'ally'])
  cardType!: 'weapon' | 'spell' | 'armor' | 'item' | 'ally';
}

export class LootShipwreckDto extends CommandDto {}

export class RepelEnemyDto extends CheckChoiceDto {
  @IsString() @Length(1, 100)
  enemyId!: string;
}

export class HexDto {
  @IsInt() @Min(-1000) @Max(1000)
  q!: number;

  @IsInt() @Min(-1000) @Max(1000)
  r!: number;
}

export class PurgeAltarDto extends CheckChoiceDto {
  @IsObject() @ValidateNested() @Type(() => HexDto)
  hex!: HexDto;
}

export class EmbarkDto extends CommandDto {
  @IsString() @Length(1, 100)
  shipId!: string;
}

export class DisembarkDto extends CommandDto {}

export class SetFollowShipDto extends CommandDto {
  @IsBoolean()
  follow!: boolean;
}

import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsIn, IsObject, IsOptional, IsString, Length, Matches, ValidateBy, ValidateNested } from 'class-validator';
import type { GameMode } from '@logbook/rules';

/** Control characters and the Unicode bidirectional controls (which can reorder what others see). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
export const FORBIDDEN_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

export class PlayerDto {
  @IsString() @Length(1, 40)
  @Matches(/\S/, { message: 'name must have a visible character' })
  @ValidateBy({
    name: 'noControlCharacters',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && !FORBIDDEN_NAME_CHARACTERS.test(value),
      defaultMessage: () => 'name may not contain control or bidirectional-control characters',
    },
  })
  name!: string;
}

export class CreateGameDto {
  /** A built-in scenario id, or an inline scenario document (validated by libs/content). */
  @IsDefined()
  scenario!: string | Record<string, unknown>;

  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(4) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => PlayerDto)
  players!: PlayerDto[];

  @IsOptional() @IsIn(['standard', 'sandbox'])
  mode?: GameMode;
}

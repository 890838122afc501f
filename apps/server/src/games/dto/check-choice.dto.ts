// The choices of a check, carried by every command that attempts one.
import { IsOptional, ValidateBy, type ValidationOptions } from 'class-validator';
import type { CheckChoice } from '@logbook/rules';
import { CommandDto } from './command-base.dto';

const isCardIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= 10 && value.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 100);

/** Boon card ids: one list (for the first step) or one list per check step. */
const IsBoonLists = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isBoonLists',
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.length <= 10 && (isCardIdList(value) || value.every(isCardIdList)),
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
        validate: (value: unknown) => isOptionIndex(value) || (Array.isArray(value) && value.length <= 10 && value.every(isOptionIndex)),
        defaultMessage: () => 'option must be an option index 0-9, or one such index per check step',
      },
    },
    options,
  );

/** The choices of a check [S]: option index per step (or one for all), boons played. */
export abstract class CheckChoiceDto extends CommandDto implements CheckChoice {
  @IsOptional()
  @IsCheckOption()
  option?: number | number[];

  @IsOptional()
  @IsBoonLists()
  boons?: string[] | string[][];
}

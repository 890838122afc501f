// DTOs of the plunder rules (libs/rules/src/plunder).
import { IsIn } from 'class-validator';
import { PLUNDER_TYPES, type PlunderType } from '@logbook/rules';
import { CommandDto, type CommandFields, type CommandDtoTable } from './command-base.dto';

export class ChoosePlunderTypeDto extends CommandDto implements CommandFields<'ChoosePlunderType'> {
  @IsIn(PLUNDER_TYPES)
  cardType!: PlunderType;
}

export class LootShipwreckDto extends CommandDto implements CommandFields<'LootShipwreck'> {}

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const PLUNDER_DTOS: CommandDtoTable<'ChoosePlunderType' | 'LootShipwreck'> = {
  ChoosePlunderType: ChoosePlunderTypeDto,
  LootShipwreck: LootShipwreckDto,
};

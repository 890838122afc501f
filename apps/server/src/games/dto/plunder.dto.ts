// DTOs of the plunder rules (libs/rules/src/plunder).
import { IsIn } from 'class-validator';
import { PLUNDER_TYPES, type PlunderType } from '@logbook/rules';
import { CommandDto, type CommandFields } from './command-base.dto';

export class ChoosePlunderTypeDto extends CommandDto implements CommandFields<'ChoosePlunderType'> {
  @IsIn(PLUNDER_TYPES)
  cardType!: PlunderType;
}

export class LootShipwreckDto extends CommandDto implements CommandFields<'LootShipwreck'> {}

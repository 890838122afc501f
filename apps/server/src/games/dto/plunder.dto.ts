// DTOs of the plunder rules (libs/rules/src/plunder).
import { IsIn } from 'class-validator';
import { CommandDto, type CommandFields } from './command-base.dto';

export class ChoosePlunderTypeDto extends CommandDto implements CommandFields<'ChoosePlunderType'> {
  @IsIn(['weapon', 'spell', 'armor', 'item', 'ally'])
  cardType!: 'weapon' | 'spell' | 'armor' | 'item' | 'ally';
}

export class LootShipwreckDto extends CommandDto implements CommandFields<'LootShipwreck'> {}

import { IsIn } from 'class-validator';
import { BOT_NAMES, type BotName } from '@logbook/app-core';

/** Which bot plays the seat from now on. */
export class HandSeatDto {
  @IsIn(BOT_NAMES)
  bot!: BotName;
}

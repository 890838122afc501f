import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { BOT_NAMES, type BotName } from '@logbook/app-core';
import type { GameMode } from '@logbook/rules';
import { IsPlayerName } from './player-name';

export class PlayerDto {
  @IsString()
  @Length(1, 40)
  @IsPlayerName()
  name!: string;
}

/**
 * A new game's player: a name, and the bot that plays the seat when a bot does; or a player
 * profile (`playerId` with its `playerSecret`), whose name the seat then shows.
 */
export class NewPlayerDto {
  @ValidateIf((p: NewPlayerDto) => p.playerId === undefined || p.name !== undefined)
  @IsString()
  @Length(1, 40)
  @IsPlayerName()
  name?: string;

  @IsOptional()
  @IsIn(BOT_NAMES)
  bot?: BotName;

  @IsOptional()
  @IsUUID()
  playerId?: string;

  @ValidateIf((p: NewPlayerDto) => p.playerId !== undefined || p.playerSecret !== undefined)
  @IsString()
  @Length(16, 128)
  playerSecret?: string;
}

/** A game's players, one per seat (1 to 4), as a new game and a fork name them. */
export const SeatPlayers = (type: new () => PlayerDto | NewPlayerDto = PlayerDto): PropertyDecorator =>
  applyDecorators(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(4),
    IsObject({ each: true }),
    ValidateNested({ each: true }),
    Type(() => type),
  );

export class CreateGameDto {
  /** A built-in scenario id, or an inline scenario document (validated by libs/content). */
  @IsDefined()
  scenario!: string | Record<string, unknown>;

  @SeatPlayers(NewPlayerDto)
  players!: NewPlayerDto[];

  @IsOptional()
  @IsIn(['standard', 'sandbox'])
  mode?: GameMode;
}

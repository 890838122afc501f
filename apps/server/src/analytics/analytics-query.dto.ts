import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, Length } from 'class-validator';
import { BOT_NAMES } from '@logbook/app-core';

/** Filters of the cross-game analytics (all optional; unknown query parameters are a 400). */
export class AnalyticsQueryDto {
  @ApiPropertyOptional({ description: 'scenario id' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  scenario?: string;

  @ApiPropertyOptional({ description: 'games created at or after this time (ISO 8601)' })
  @IsOptional()
  @IsISO8601()
  from?: string;

  @ApiPropertyOptional({ description: 'games created before this time (ISO 8601)' })
  @IsOptional()
  @IsISO8601()
  to?: string;

  @ApiPropertyOptional({ description: "a seat's name, exactly" })
  @IsOptional()
  @IsString()
  @Length(1, 40)
  player?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'only simulated games, or only played ones' })
  @IsOptional()
  @IsIn(['true', 'false'])
  simulated?: 'true' | 'false';

  @ApiPropertyOptional({ enum: BOT_NAMES, description: 'only games simulated with this bot' })
  @IsOptional()
  @IsIn(BOT_NAMES)
  bot?: string;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

/** The most games one answer lists. */
export const MAX_PLAYER_GAMES = 500;

/** `GET /players/{playerId}/games`: whom the games must also have seated, and how many (unknown parameters are a 400). */
export class PlayerGamesQueryDto {
  @ApiPropertyOptional({
    description: 'other player ids, comma-separated: only the games every one of them sat in too (the group view, "our last ten voyages")',
  })
  @IsOptional()
  @Matches(/^[0-9a-f-]{36}(,[0-9a-f-]{36}){0,7}$/, { message: 'with must be up to 8 player ids, comma-separated' })
  with?: string;

  @ApiPropertyOptional({ description: `how many games, newest first (1 to ${MAX_PLAYER_GAMES}; default 10)`, minimum: 1, maximum: MAX_PLAYER_GAMES })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PLAYER_GAMES)
  limit?: number;
}

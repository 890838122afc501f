import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsObject, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { PlayerDto } from './create-game.dto';

export class ForkGameDto {
  /** The source game's revision the fork starts from (the last revision of an action). */
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  at!: number;

  /** New names for the seats, in seat order; the seats keep their characters. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PlayerDto)
  players?: PlayerDto[];
}

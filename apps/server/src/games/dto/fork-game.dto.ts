import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PlayerDto, SeatPlayers } from './create-game.dto';

export class ForkGameDto {
  /** The source game's revision the fork starts from (the last revision of an action). */
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  at!: number;

  /** New names for the seats, in seat order; the seats keep their characters. */
  @IsOptional()
  @SeatPlayers()
  players?: PlayerDto[];
}

// The body of POST /games/:gameId/seats/:seat/claim: the profile the seat is linked to, proved
// with its secret, as a new game's seat taken with a profile is (NewPlayerDto).
import { IsString, IsUUID, Length } from 'class-validator';

export class ClaimSeatDto {
  /** The profile's id (POST /players). */
  @IsUUID()
  playerId!: string;

  /** The profile's secret, shown once by POST /players. */
  @IsString()
  @Length(16, 128)
  playerSecret!: string;
}

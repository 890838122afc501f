// Erasing the name typed at a seat: that seat's own token or the operator's.
import { BadRequestException, Controller, Delete, HttpCode, Param, UseGuards } from '@nestjs/common';
import { RateBudget } from '../http/edge-route';
import type { LoadedGame } from './game-repository';
import { SeatTokenInvalidError, SeatTokenMissingError } from './game.errors';
import { PersonalDataService } from './personal-data.service';
import { Game, Viewer, ViewerGuard } from './seat.guard';

const SEAT = /^[1-9]\d{0,2}$/;

@Controller('games')
export class SeatNamesController {
  constructor(private readonly personalData: PersonalDataService) {}

  /** Makes the seat's name unreadable everywhere: the game reads "erased player" there from now on. */
  @Delete(':gameId/seats/:seat/name')
  @HttpCode(204)
  @RateBudget('creates')
  @UseGuards(ViewerGuard)
  async erase(@Game() game: LoadedGame, @Viewer() viewer: Viewer, @Param('seat') seatParam: string): Promise<void> {
    if (!SEAT.test(seatParam)) throw new BadRequestException('seat must be a seat number (1, 2, …)');
    const seat = Number(seatParam);
    if ('spectator' in viewer) throw new SeatTokenMissingError();
    if ('seat' in viewer && viewer.seat !== seat) throw new SeatTokenInvalidError(`Only seat ${seat}'s own token (or the operator's) erases its name`);
    await this.personalData.eraseSeatName(game.gameId, seat);
  }
}

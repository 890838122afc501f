// Erasing the name typed at a seat: that seat's own token or the operator's.
import { Controller, Delete, HttpCode, Param, UseGuards } from '@nestjs/common';
import { RateBudget } from '../http/edge-route';
import type { LoadedGame } from './game-repository';
import { SeatTokenInvalidError, SeatTokenMissingError } from './game.errors';
import { PersonalDataService } from './personal-data.service';
import { parseSeatParam } from './seat-param';
import { Game, Viewer, ViewerGuard } from './seat.guard';

@Controller('games')
export class SeatNamesController {
  constructor(private readonly personalData: PersonalDataService) {}

  /** Makes the seat's name unreadable everywhere: the game reads "erased player" there from now on. */
  @Delete(':gameId/seats/:seat/name')
  @HttpCode(204)
  @RateBudget('creates')
  @UseGuards(ViewerGuard)
  async erase(@Game() game: LoadedGame, @Viewer() viewer: Viewer, @Param('seat') seatParam: string): Promise<void> {
    const seat = parseSeatParam(seatParam, 'name');
    if ('spectator' in viewer) throw new SeatTokenMissingError();
    if ('seat' in viewer && viewer.seat !== seat) throw new SeatTokenInvalidError(`Only seat ${seat}'s own token (or the operator's) erases its name`);
    await this.personalData.eraseSeatName(game.gameId, seat);
  }
}

// A seat claimed into a player's profile: thin HTTP around GameCommandsService.claimSeat. [D] Only
// the seat's own token claims it (the operator holds no profile's secret and speaks for no
// player); the profile is proved with its secret, as when a game is created with it.
import { Body, Controller, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CommandResult } from '@logbook/game-log';
import { JsonBody, RateBudget } from '../http/edge-route';
import { SMALL_BODY_BYTES } from '../http/json-body';
import { ProfilesService } from '../players/profiles.service';
import { ClaimSeatDto } from './dto/claim-seat.dto';
import { GameCommandsService } from './game-commands.service';
import { SeatTokenInvalidError } from './game.errors';
import type { LoadedGame } from './game-repository';
import { parseSeatParam } from './seat-param';
import { Game, Seat, SeatGuard } from './seat.guard';

@Controller('games')
export class SeatClaimsController {
  constructor(
    private readonly commands: GameCommandsService,
    private readonly profiles: ProfilesService,
  ) {}

  /** Links the seat to the profile from now on: the seat shows the profile's name and counts in its games and analytics. */
  @Post(':gameId/seats/:seat/claim')
  @HttpCode(200)
  @RateBudget('commands')
  @JsonBody(SMALL_BODY_BYTES)
  @UseGuards(SeatGuard)
  async claim(
    @Game() game: LoadedGame,
    @Seat({ required: true }) caller: number,
    @Param('seat') seatParam: string,
    @Body() body: ClaimSeatDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CommandResult> {
    const seat = parseSeatParam(seatParam, 'claim');
    if (caller !== seat) throw new SeatTokenInvalidError(`That token is seat ${caller}'s: a seat is claimed only with its own token`);
    const profile = await this.profiles.open(body.playerId, body.playerSecret);
    const result = await this.commands.claimSeat(game.gameId, seat, profile, { loaded: game });
    res.header('ETag', `"${result.revision}"`);
    return result;
  }
}

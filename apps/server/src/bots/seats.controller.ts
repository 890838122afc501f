// Bots in seats over HTTP: a seat handed to a bot (by itself or by the operator) and taken back,
// and a hint for a seat (what the greedy bot would do now, and why).
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { hintFor, type GameHint } from '@logbook/app-core';
import type { CommandResult } from '@logbook/game-log';
import { commandWords, namesOfState } from '@logbook/projections';
import { GameCommandsService } from '../games/game-commands.service';
import { SeatTokenInvalidError, SeatTokenMissingError } from '../games/game.errors';
import type { LoadedGame } from '../games/game-repository';
import { parseSeatParam } from '../games/seat-param';
import { Game, Seat, SeatGuard, Viewer, ViewerGuard } from '../games/seat.guard';
import { JsonBody, RateBudget } from '../http/edge-route';
import { SMALL_BODY_BYTES } from '../http/json-body';
import { HandSeatDto } from './dto/hand-seat.dto';

/** The seat a caller may hand over or take back: its own, or any for the operator. */
function seatFor(viewer: Viewer, seat: number): 'seat' | 'operator' {
  if ('operator' in viewer) return 'operator';
  if ('spectator' in viewer) throw new SeatTokenMissingError();
  if (viewer.seat !== seat) throw new SeatTokenInvalidError(`That token is seat ${viewer.seat}'s: a seat hands over or takes back only itself`);
  return 'seat';
}

@Controller('games')
export class SeatsController {
  constructor(private readonly commands: GameCommandsService) {}

  /** The seat is played by `bot` from now on (its token stays its player's, who may take it back). */
  @Post(':gameId/seats/:seat/bot')
  @HttpCode(200)
  @RateBudget('commands')
  @JsonBody(SMALL_BODY_BYTES)
  @UseGuards(ViewerGuard)
  handOver(@Game() game: LoadedGame, @Viewer() viewer: Viewer, @Param('seat') seatParam: string, @Body() body: HandSeatDto): Promise<CommandResult> {
    const seat = parseSeatParam(seatParam, 'bot');
    return this.commands.controlSeat(game.gameId, { seat, bot: body.bot, by: seatFor(viewer, seat) });
  }

  /** The seat's player plays it again. */
  @Delete(':gameId/seats/:seat/bot')
  @HttpCode(200)
  @RateBudget('commands')
  @UseGuards(ViewerGuard)
  takeBack(@Game() game: LoadedGame, @Viewer() viewer: Viewer, @Param('seat') seatParam: string): Promise<CommandResult> {
    const seat = parseSeatParam(seatParam, 'bot');
    return this.commands.controlSeat(game.gameId, { seat, bot: null, by: seatFor(viewer, seat) });
  }

  /** What the greedy bot would send now for the caller's seat, and why; null when the game does not wait for it. */
  @Get(':gameId/hint')
  @RateBudget('reads')
  @UseGuards(SeatGuard)
  hint(@Game() game: LoadedGame, @Seat({ required: true }) seat: number, @Res({ passthrough: true }) res: FastifyReply): GameHint {
    res.header('ETag', `"${game.revision}"`);
    res.header('Vary', 'Authorization');
    const hint = hintFor(game.state, seat);
    if (!hint) return { revision: game.revision, seat, hint: null };
    const label = commandWords(hint.command.type)?.label(hint.command, namesOfState(game.state, seat)) ?? hint.command.type;
    return { revision: game.revision, seat, hint: { command: hint.command, label, why: hint.why } };
  }
}

// Who is connected to a game (as this server sees it) and the page's heartbeat. The seat guard
// of the command route is enough for both: they need the seat a token stands for and the seats'
// names, neither of which ever changes once a game is created.
import { Body, Controller, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IsOptional, Matches } from 'class-validator';
import { JsonBody, RateBudget } from '../http/edge-route';
import { SMALL_BODY_BYTES } from '../http/json-body';
import type { LoadedGame } from '../games/game-repository';
import { CommandSeatGuard, Game, Seat } from '../games/seat.guard';
import { PRESENCE, type GamePresence, type PresencePort } from './presence.port';

/** A page's own id: random, made by the page, kept for the tab's life; never shown to anyone. */
export const PRESENCE_CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

export class HeartbeatDto {
  /** The page's id, the same it sends as the live feed's `client`, so that feed counts for this seat. */
  @IsOptional()
  @Matches(PRESENCE_CLIENT_ID, { message: 'client must be 8-64 letters, digits, - or _' })
  client?: string;
}

@Controller('games')
export class PresenceController {
  constructor(@Inject(PRESENCE) private readonly presence: PresencePort) {}

  /** Each seat connected, away or absent, with since when, and the spectators counted: seats and names only. */
  @Get(':gameId/presence')
  @RateBudget('reads')
  @UseGuards(CommandSeatGuard)
  presenceOf(@Game() game: LoadedGame, @Res({ passthrough: true }) res: FastifyReply): GamePresence {
    // It changes with time alone: never a cached answer.
    res.header('Cache-Control', 'no-store');
    return this.presence.presenceOf(game.gameId, game.state.seats);
  }

  /** The page is open: its seat (from the token, or a spectator without one) is seen now. */
  @Post(':gameId/presence')
  @HttpCode(204)
  @RateBudget('reads')
  @JsonBody(SMALL_BODY_BYTES)
  @UseGuards(CommandSeatGuard)
  heartbeat(@Game() game: LoadedGame, @Seat() seat: number | null, @Body() body: HeartbeatDto): void {
    this.presence.heartbeat(game.gameId, { seat, client: body.client });
  }
}

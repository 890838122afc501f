// Player profiles over HTTP: register one (the secret is shown once), read it with its secret.
import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { JsonBody, RateBudget } from '../http/edge-route';
import { RegisterPlayerDto } from './register-player.dto';
import { ProfilesService, type PlayerProfile } from './profiles.service';

/** The header a profile's secret travels in (a seat's token stays in Authorization beside it). */
export const PLAYER_SECRET_HEADER = 'x-player-secret';

@Controller('players')
export class PlayersController {
  constructor(private readonly profiles: ProfilesService) {}

  @Post()
  @HttpCode(201)
  @RateBudget('creates')
  @JsonBody(4096)
  register(@Body() body: RegisterPlayerDto): Promise<{ playerId: string; secret: string }> {
    return this.profiles.register(body.name);
  }

  @Get(':playerId')
  read(@Param('playerId') playerId: string, @Headers(PLAYER_SECRET_HEADER) secret: string | undefined): Promise<PlayerProfile> {
    return this.profiles.open(playerId, secret);
  }
}

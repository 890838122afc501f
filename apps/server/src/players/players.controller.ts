// Player profiles over HTTP: register one (the secret is shown once), read it with its secret,
// erase it (its secret, or the operator's token).
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '@logbook/app-core';
import { playerSubject } from '@logbook/game-log';
import { DEFAULT_GROUP_LIMIT, type GroupVoyages, type PlayerAnalytics } from '@logbook/projections';
import { AnalyticsService } from '../analytics/analytics.service';
import { isOperator } from '../games/operator-token';
import { PersonalDataService } from '../games/personal-data.service';
import { JsonBody, RateBudget } from '../http/edge-route';
import { PlayerGamesQueryDto } from './player-games-query.dto';
import { RegisterPlayerDto } from './register-player.dto';
import { ProfileAccessError, ProfilesService, type PlayerProfile } from './profiles.service';

/** The header a profile's secret travels in (a seat's token stays in Authorization beside it). */
export const PLAYER_SECRET_HEADER = 'x-player-secret';

@Controller('players')
export class PlayersController {
  private readonly adminToken: string | undefined;

  constructor(
    private readonly profiles: ProfilesService,
    private readonly personalData: PersonalDataService,
    private readonly analytics: AnalyticsService,
    config: ConfigService,
  ) {
    this.adminToken = config.get<AppConfig['adminToken']>('adminToken');
  }

  @Post()
  @HttpCode(201)
  @RateBudget('creates')
  @JsonBody(4096)
  register(@Body() body: RegisterPlayerDto): Promise<{ playerId: string; secret: string }> {
    return this.profiles.register(body.name);
  }

  @Get(':playerId')
  @RateBudget('reads')
  read(@Param('playerId') playerId: string, @Headers(PLAYER_SECRET_HEADER) secret: string | undefined): Promise<PlayerProfile> {
    return this.profiles.open(playerId, secret);
  }

  /**
   * The games the player sat in (a seat linked to the profile), newest first, with each one's
   * outcome, and a summary; with `with`, only those every listed player sat in too: a group's
   * voyages. Only the player's own secret opens them, so a list shows games its player was at.
   */
  @Get(':playerId/games')
  @RateBudget('reads')
  async games(
    @Param('playerId') playerId: string,
    @Headers(PLAYER_SECRET_HEADER) secret: string | undefined,
    @Query() query: PlayerGamesQueryDto,
  ): Promise<GroupVoyages> {
    await this.profiles.open(playerId, secret);
    const others = query.with ? query.with.split(',').filter((id) => id !== playerId) : [];
    return this.analytics.voyages([playerId, ...new Set(others)], query.limit ?? DEFAULT_GROUP_LIMIT);
  }

  /** The player's figures: games, win rate per scenario, rounds, damage taken, encounters, favourite character, with whom. */
  @Get(':playerId/analytics')
  @RateBudget('reads')
  async figures(@Param('playerId') playerId: string, @Headers(PLAYER_SECRET_HEADER) secret: string | undefined): Promise<PlayerAnalytics> {
    await this.profiles.open(playerId, secret);
    return this.analytics.player(playerId);
  }

  /**
   * Erases the profile: its key is deleted, so its name reads "erased player" in every game,
   * view, export, feed and read model from now on, and its secret opens nothing (410).
   */
  @Delete(':playerId')
  @HttpCode(204)
  @RateBudget('creates')
  async erase(
    @Param('playerId') playerId: string,
    @Headers(PLAYER_SECRET_HEADER) secret: string | undefined,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<void> {
    const operator = isOperator(authorization, this.adminToken);
    if (!operator && secret === undefined && authorization !== undefined && authorization !== '') {
      throw new ProfileAccessError('wrong', playerId);
    }
    await this.profiles.checkErasure(playerId, secret, operator);
    await this.personalData.erase(playerSubject(playerId));
  }
}

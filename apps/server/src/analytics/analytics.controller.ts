// Analytics across past games, served from the analytics read model (never the log). Figures
// hold only what every player may see, so no seat token is needed: the read model is built from
// events' public parts alone (libs/projections/src/analytics).
import { BadRequestException, Controller, Get, Header, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CHART_NAMES, READ_MODELS, isChartName, type ChartName, type ReadModels } from '@logbook/app-core';
import { publicFigures, type AnalyticsFilter, type AnalyticsSummary, type GameAnalytics } from '@logbook/projections';
import { GameNotFoundError } from '../games/game.errors';
import { AnalyticsQueryDto } from './analytics-query.dto';
import { AnalyticsService } from './analytics.service';
import { RateBudget } from '../http/edge-route';

const GAME_ID = /^[A-Za-z0-9-]{1,64}$/;

const toFilter = (query: AnalyticsQueryDto, scenarioId?: string): AnalyticsFilter => {
  if (query.from && query.to && query.from >= query.to) throw new BadRequestException('from must be before to');
  return {
    scenarioId: scenarioId ?? query.scenario,
    from: query.from,
    to: query.to,
    player: query.player,
    simulated: query.simulated === undefined ? undefined : query.simulated === 'true',
    bot: query.bot,
  };
};

const chartName = (file: string): ChartName => {
  const name = file.replace(/\.svg$/, '');
  if (!file.endsWith('.svg') || !isChartName(name)) throw new BadRequestException(`chart must be one of ${CHART_NAMES.map((n) => `${n}.svg`).join(', ')}`);
  return name;
};

@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly analytics: AnalyticsService,
  ) {}

  @Get('games/:gameId')
  @RateBudget('longReads')
  @ApiOperation({ summary: "One game's figures: outcome, rounds, clues per act, damage by source, wrecks, encounters, plunder, undo/redo" })
  @ApiParam({ name: 'gameId' })
  @ApiOkResponse({ description: 'the figures of the game (public information only)' })
  async game(@Param('gameId') gameId: string): Promise<GameAnalytics> {
    if (!GAME_ID.test(gameId)) throw new BadRequestException('gameId is malformed');
    await this.analytics.caughtUp();
    const fold = await this.readModels.analytics.get(gameId);
    if (!fold || fold.figures.scenarioId === '') throw new GameNotFoundError(gameId);
    return publicFigures(fold.figures);
  }

  @Get('scenarios/:scenario')
  @RateBudget('longReads')
  @ApiOperation({ summary: 'Figures across the games of one scenario (win rate per bot, damage, encounters, plunder fit, wrecks, players)' })
  @ApiOkResponse({ description: 'the cross-game summary' })
  async scenario(@Param('scenario') scenario: string, @Query() query: AnalyticsQueryDto): Promise<AnalyticsSummary & { scenarioId: string }> {
    await this.analytics.caughtUp();
    return { scenarioId: scenario, ...(await this.analytics.summary(toFilter(query, scenario))) };
  }

  @Get('summary')
  @RateBudget('longReads')
  @ApiOperation({ summary: 'Figures across games, filtered by scenario, date range, player name, simulated or not, bot' })
  @ApiOkResponse({ description: 'the cross-game summary' })
  async summary(@Query() query: AnalyticsQueryDto): Promise<AnalyticsSummary> {
    await this.analytics.caughtUp();
    return this.analytics.summary(toFilter(query));
  }

  @Get('scenarios/:scenario/charts/:chart')
  @RateBudget('longReads')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @ApiProduces('image/svg+xml')
  @ApiOperation({ summary: `A chart of one scenario's games as SVG: ${CHART_NAMES.map((n) => `${n}.svg`).join(', ')}` })
  async scenarioChart(@Param('scenario') scenario: string, @Param('chart') chart: string, @Query() query: AnalyticsQueryDto): Promise<string> {
    const name = chartName(chart);
    await this.analytics.caughtUp();
    return this.analytics.chart(name, toFilter(query, scenario), scenario);
  }

  @Get('charts/:chart')
  @RateBudget('longReads')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @ApiProduces('image/svg+xml')
  @ApiOperation({ summary: `A chart across games as SVG (same filters as the summary): ${CHART_NAMES.map((n) => `${n}.svg`).join(', ')}` })
  async chart(@Param('chart') chart: string, @Query() query: AnalyticsQueryDto): Promise<string> {
    const name = chartName(chart);
    await this.analytics.caughtUp();
    return this.analytics.chart(name, toFilter(query), query.scenario ?? 'all scenarios');
  }
}

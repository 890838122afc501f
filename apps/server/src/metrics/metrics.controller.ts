import { Controller, ForbiddenException, Get, Headers, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '@logbook/app-core';
import { RateBudget } from '../http/edge-route';
import { isOperator } from '../games/operator-token';
import { LogbookMetrics } from './logbook-metrics';

/**
 * Prometheus' text format. Metrics hold counts and timings only, never game content or tokens:
 * open like /health unless LOGBOOK_METRICS_TOKEN is set, then that token or the operator's.
 */
@Controller('metrics')
export class MetricsController {
  private readonly config: AppConfig['metrics'];
  private readonly adminToken: string | undefined;

  constructor(
    private readonly metrics: LogbookMetrics,
    config: ConfigService,
  ) {
    this.config = config.get<AppConfig['metrics']>('metrics') ?? { enabled: true };
    this.adminToken = config.get<AppConfig['adminToken']>('adminToken');
  }

  @Get()
  @RateBudget('reads')
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    if (!this.config.enabled) throw new NotFoundException('Metrics are off (LOGBOOK_METRICS=off)');
    const { token } = this.config;
    if (token !== undefined && !isOperator(authorization, token) && !isOperator(authorization, this.adminToken)) {
      if (authorization === undefined) throw new UnauthorizedException('Metrics need a token: Authorization: Bearer <LOGBOOK_METRICS_TOKEN>');
      throw new ForbiddenException('That token does not open the metrics');
    }
    res.type(this.metrics.registry.contentType);
    res.header('Cache-Control', 'no-store');
    return this.metrics.registry.metrics();
  }
}

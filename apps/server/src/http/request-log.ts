// One log line per request (pino): method, path, status and latency. Headers are never logged, so
// neither are seat tokens (Authorization) nor cookies. Written from a Fastify hook when the answer
// has gone out, rather than by nestjs-pino's per-request middleware (pino-http: a child logger per
// request and an AsyncLocalStorage context), which cost about a tenth of an order's CPU time.
// nestjs-pino stays the logger of Nest itself (start-up, errors).
import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoggerModule } from 'nestjs-pino';
import { pino, type Logger } from 'pino';
import type { AppConfig } from '@logbook/app-core';

/** The line of one answered request (a feed or a page's assets: answers and failures alike). */
export function logRequest(log: Logger, req: FastifyRequest, reply: FastifyReply): void {
  const status = reply.statusCode;
  const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const correlationId = req.headers['x-correlation-id'];
  const ms = reply.elapsedTime;
  log[level](
    { req: { id: req.id, method: req.method, url: req.url, correlationId }, res: { statusCode: status }, responseTime: Math.round(ms) },
    `${req.method} ${req.url} ${status} ${Math.round(ms)} ms`,
  );
}

@Injectable()
class RequestLog implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ConfigService,
  ) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter;
    if (!adapter || adapter.getType() !== 'fastify') return;
    const log = pino({ level: this.config.get<AppConfig['logLevel']>('logLevel') ?? 'info' });
    adapter.getInstance<FastifyInstance>().addHook('onResponse', (req, reply, done) => {
      logRequest(log, req, reply);
      done();
    });
  }
}

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        // Nest's own lines only: requests are logged by RequestLog.
        forRoutes: [],
        pinoHttp: { level: config.get<AppConfig['logLevel']>('logLevel') ?? 'info' },
      }),
    }),
  ],
  providers: [RequestLog],
})
export class RequestLogModule {}

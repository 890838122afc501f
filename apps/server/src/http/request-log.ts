// One log line per request (pino via nestjs-pino): method, path, status and latency. Headers
// are never logged, so neither are seat tokens (Authorization) nor cookies.
import { ConfigService } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '@logbook/app-core';

export const RequestLogModule = LoggerModule.forRootAsync({
  inject: [ConfigService],
  useFactory: (config: ConfigService) => ({
    pinoHttp: {
      level: config.get<AppConfig['logLevel']>('logLevel') ?? 'info',
      // A feed or a page's assets are not worth a line each at info: only answers and failures.
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: { id?: unknown; method?: string; url?: string; headers?: Record<string, unknown> }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          correlationId: req.headers?.['x-correlation-id'],
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      },
      customSuccessMessage: (req: IncomingMessage, res: ServerResponse, responseTime: number) =>
        `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime)} ms`,
      customErrorMessage: (req: IncomingMessage, res: ServerResponse) => `${req.method} ${req.url} ${res.statusCode}`,
    },
  }),
});

import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LogbookMetrics } from './logbook-metrics';

/**
 * Times every HTTP request by its route's template (`/games/:gameId/commands`, never the URL a
 * client sent) and status class. A live feed is left out: its duration is how long someone watched.
 */
export function installHttpMetrics(app: INestApplication): void {
  const metrics = app.get(LogbookMetrics, { strict: false });
  if (!metrics.enabled) return;
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const type = reply.raw.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/event-stream')) {
      metrics.request(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}

import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureFastify } from './http/fastify';
import { ProblemFilter } from './http/problem.filter';
import { BoundedValidationPipe } from './http/validation-pipe';
import { setupOpenApi } from './openapi/openapi';
import { installHttpMetrics } from './metrics/http-metrics';

export { APP_OPTIONS, httpAdapter } from './http/fastify';

/**
 * Pipes, filters and body handling shared by main.ts, the e2e tests and the benches. The app is
 * created on `httpAdapter()` with `APP_OPTIONS` (Fastify, with the body parsers set here).
 */
export function configureApp<T extends INestApplication>(app: T): T {
  configureFastify(app as unknown as NestFastifyApplication);
  installHttpMetrics(app);
  app.useGlobalPipes(new BoundedValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: false }));
  app.useGlobalFilters(new ProblemFilter());
  setupOpenApi(app);
  app.enableShutdownHooks();
  return app;
}

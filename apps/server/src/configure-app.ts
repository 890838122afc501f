import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureFastify } from './http/fastify';
import { ProblemFilter } from './http/problem.filter';
import { BoundedValidationPipe } from './http/validation-pipe';
import { setupOpenApi } from './openapi/openapi';
import { installHttpMetrics } from './metrics/http-metrics';
import { GracefulStop } from './shutdown/graceful-stop';

export { APP_OPTIONS, httpAdapter } from './http/fastify';

/**
 * Pipes, filters and body handling shared by main.ts, the e2e tests and the benches. The app is
 * created on `httpAdapter()` with `APP_OPTIONS` (Fastify, with the body parsers set here).
 */
export function configureApp<T extends INestApplication>(app: T): T {
  configureFastify(app as unknown as NestFastifyApplication);
  installHttpMetrics(app);
  app.get(GracefulStop, { strict: false }).install(app.getHttpAdapter().getInstance());
  app.useGlobalPipes(new BoundedValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: false }));
  app.useGlobalFilters(new ProblemFilter());
  setupOpenApi(app);
  // No enableShutdownHooks(): main.ts handles SIGTERM and SIGINT itself (graceful-stop.ts), in
  // order and bounded in time; Nest's handler would close at once and then kill the process again.
  return app;
}

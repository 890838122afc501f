import { ValidationPipe, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { jsonBodyOptions, requireJson } from './http/json-body';
import { ProblemFilter } from './http/problem.filter';
import { setupOpenApi } from './openapi/openapi';

/** Pipes, filters and body handling shared by main.ts and the e2e tests. */
export function configureApp(app: INestApplication): INestApplication {
  // Before Nest's own parsers (it skips the JSON one once ours is in): JSON only, bounded.
  app.use(requireJson);
  (app as NestExpressApplication).useBodyParser('json', jsonBodyOptions);
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: false }),
  );
  app.useGlobalFilters(new ProblemFilter());
  setupOpenApi(app);
  app.enableShutdownHooks();
  return app;
}

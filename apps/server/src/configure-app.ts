import { ValidationPipe, type INestApplication } from '@nestjs/common';
import { ProblemFilter } from './http/problem.filter';

/** Pipes, filters and body handling shared by main.ts and the e2e tests. */
export function configureApp(app: INestApplication): INestApplication {
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: false }),
  );
  app.useGlobalFilters(new ProblemFilter());
  app.enableShutdownHooks();
  return app;
}

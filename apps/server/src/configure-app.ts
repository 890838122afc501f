import { ValidationPipe, type INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ProblemFilter } from './http/problem.filter';

/** Pipes, filters and body handling shared by main.ts and the e2e tests. */
export function configureApp(app: INestApplication): INestApplication {
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: false }),
  );
  app.useGlobalFilters(new ProblemFilter());
  app.enableShutdownHooks();
  // A body that is not JSON, or too large, is a 400/413 problem, not an HTML error page.
  app.use((error: { status?: number; type?: string } | undefined, _req: Request, res: Response, next: NextFunction) => {
    if (!error) return next();
    const status = error.status === 413 ? 413 : 400;
    const body = {
      type: status === 413 ? '/problems/payload-too-large' : '/problems/invalid-request',
      title: status === 413 ? 'payload too large' : 'bad request',
      status,
      detail: status === 413 ? 'The body is too large' : 'The body is not valid JSON',
    };
    res.status(status).type('application/problem+json').send(JSON.stringify(body));
  });
  return app;
}

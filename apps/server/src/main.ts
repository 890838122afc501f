import 'reflect-metadata';
import { ConfigurationError, validateEnvironment, type AppConfig } from '@logbook/app-core';

/** A start-up failure as an operator reads it: one line per problem, no stack trace. */
function explain(error: unknown): string[] {
  if (error instanceof ConfigurationError) return error.problems.map((p) => `logbook: configuration: ${p}`);
  const message = error instanceof Error ? error.message : String(error);
  return [`logbook: could not start: ${message.split('\n')[0]}`];
}

async function bootstrap(): Promise<void> {
  // Checked before anything is loaded: the modules read the configuration as they load.
  validateEnvironment(process.env);
  const { NestFactory } = await import('@nestjs/core');
  const { ConfigService } = await import('@nestjs/config');
  const { Logger } = await import('nestjs-pino');
  const { AppModule } = await import('./app.module');
  const { APP_OPTIONS, configureApp, httpAdapter } = await import('./configure-app');
  // Nest's own logger stays off until pino takes over: a failed start is reported below, once.
  const app = configureApp(await NestFactory.create(AppModule, httpAdapter(), { ...APP_OPTIONS, logger: false, abortOnError: false }));
  app.useLogger(app.get(Logger));
  const config = app.get(ConfigService);
  const port = config.getOrThrow<AppConfig['port']>('port');
  const host = config.getOrThrow<AppConfig['host']>('host');
  const store = config.getOrThrow<AppConfig['store']>('store');
  await app.listen(port, host);
  app.get(Logger).log(`Logbook listening on http://${host}:${port} (store: ${store.kind}${'filename' in store ? ` ${store.filename}` : ''})`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  for (const line of explain(error)) console.error(line);
  process.exit(1);
});

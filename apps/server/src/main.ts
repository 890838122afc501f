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
  const { stopGracefully } = await import('./shutdown/graceful-stop');
  // Nest's own logger stays off until pino takes over: a failed start is reported below, once.
  const app = configureApp(await NestFactory.create(AppModule, httpAdapter(), { ...APP_OPTIONS, logger: false, abortOnError: false }));
  app.useLogger(app.get(Logger));
  const logger = app.get(Logger);
  const config = app.get(ConfigService);
  const port = config.getOrThrow<AppConfig['port']>('port');
  const host = config.getOrThrow<AppConfig['host']>('host');
  const store = config.getOrThrow<AppConfig['store']>('store');
  const timeoutMs = config.getOrThrow<AppConfig['shutdownTimeoutMs']>('shutdownTimeoutMs');

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // A second signal is someone who will not wait: every acknowledged order is already durable.
      logger.warn(`${signal} again: exiting now`, 'Shutdown');
      process.exit(1);
    }
    stopping = true;
    logger.log(`${signal}: stopping (at most ${timeoutMs} ms)`, 'Shutdown');
    const deadline = setTimeout(() => {
      logger.error(`the stop took longer than LOGBOOK_SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms): exiting now`, 'Shutdown');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    stopGracefully(app, (message) => logger.log(message, 'Shutdown')).then(
      () => {
        logger.log('stopped', 'Shutdown');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(`the stop failed: ${error instanceof Error ? error.message : String(error)}`, 'Shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app.listen(port, host);
  logger.log(`Logbook listening on http://${host}:${port} (store: ${store.kind}${'filename' in store ? ` ${store.filename}` : ''})`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  for (const line of explain(error)) console.error(line);
  process.exit(1);
});

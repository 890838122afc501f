// Writes the OpenAPI document to a file (default dist/openapi.json), for `redocly lint` and for
// regenerating libs/api-client: the same document the server serves at /openapi.json, built from
// an app on a memory store that never listens.
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

async function main(): Promise<void> {
  process.env.LOGBOOK_STORE = 'memory';
  process.env.LOGBOOK_LOG_LEVEL = 'silent';
  const { NestFactory } = await import('@nestjs/core');
  const { AppModule } = await import('../app.module');
  const { APP_OPTIONS, configureApp, httpAdapter } = await import('../configure-app');
  const { buildOpenApiDocument } = await import('./openapi');
  const app = configureApp(await NestFactory.create(AppModule, httpAdapter(), { ...APP_OPTIONS, logger: false }));
  await app.init();
  const file = process.argv[2] ?? 'dist/openapi.json';
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  await app.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

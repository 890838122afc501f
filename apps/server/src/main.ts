import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import type { AppConfig } from '@logbook/app-core';
import { configureApp } from './configure-app';

async function bootstrap(): Promise<void> {
  const app = configureApp(await NestFactory.create(AppModule));
  const config = app.get(ConfigService);
  const port = config.getOrThrow<AppConfig['port']>('port');
  const store = config.getOrThrow<AppConfig['store']>('store');
  await app.listen(port);
  Logger.log(`Logbook listening on http://localhost:${port} (store: ${store.kind}${'filename' in store ? ` ${store.filename}` : ''})`, 'Bootstrap');
}

void bootstrap();

// The server as the open bench starts it: a fresh process on LOGBOOK_DATA_DIR, rate limits off.
// Prints {"port", "listeningMs"} (milliseconds since the process started) once listening; a line
// "report" prints its RSS and heap; "exit" closes it.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { AppModule } from '../../apps/server/src/app.module';
import { APP_OPTIONS, configureApp, httpAdapter } from '../../apps/server/src/configure-app';

async function main(): Promise<void> {
  process.env.LOGBOOK_RATE_LIMITS = 'off';
  const app = configureApp(await NestFactory.create(AppModule, httpAdapter(), { ...APP_OPTIONS, logger: false }));
  await app.listen(0, '127.0.0.1');
  console.log(JSON.stringify({ port: (app.getHttpServer().address() as AddressInfo).port, listeningMs: performance.now() }));
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (chunk.includes('report')) {
      const memory = process.memoryUsage();
      console.log(JSON.stringify({ rss: memory.rss, heapUsed: memory.heapUsed }));
    }
    if (chunk.includes('exit')) void app.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// The server as the seek bench runs it: its own process (the spectators and the timers run in
// the bench's), on the data folder in LOGBOOK_DATA_DIR, rate limits off. Prints {"port"} once;
// a line "report" on stdin prints the seek indexes' report, the process's memory and CPU time; "exit" closes.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { AppModule } from '../../apps/server/src/app.module';
import { APP_OPTIONS, configureApp, httpAdapter } from '../../apps/server/src/configure-app';
import { SeekIndexService } from '../../apps/server/src/history/seek-index.service';

async function main(): Promise<void> {
  process.env.LOGBOOK_RATE_LIMITS = 'off';
  const app = configureApp(await NestFactory.create(AppModule, httpAdapter(), { ...APP_OPTIONS, logger: false }));
  await app.listen(0, '127.0.0.1');
  console.log(JSON.stringify({ port: (app.getHttpServer().address() as AddressInfo).port }));
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (chunk.includes('report')) {
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      console.log(
        JSON.stringify({ seekIndex: app.get(SeekIndexService).report(), rss: memory.rss, heapUsed: memory.heapUsed, cpuMicros: cpu.user + cpu.system }),
      );
    }
    if (chunk.includes('exit')) void app.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

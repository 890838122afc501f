// The server as the HTTP bench runs it: its own process (so the load generator does not share
// its event loop), listening on a loopback port it prints as one JSON line. A line "exit" on
// stdin closes it and exits normally. "profile-start" / "profile-stop" take a CPU profile of
// the process between the two (V8's sampling profiler, as `node --cpu-prof` does, but without
// start-up and warm-up in it) and write it next to the data as a .cpuprofile; "cpu" prints
// the CPU time the process has used so far.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AppModule } from '../../apps/server/src/app.module';
import { APP_OPTIONS, configureApp, httpAdapter } from '../../apps/server/src/configure-app';

async function main(): Promise<void> {
  process.env.LOGBOOK_RATE_LIMITS = 'off';
  const app = configureApp(await NestFactory.create(AppModule, httpAdapter(), { ...APP_OPTIONS, logger: false }));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  console.log(JSON.stringify({ port }));
  process.stdin.setEncoding('utf8');
  const session = new Session();
  session.connect();
  const post = <T = unknown>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
  process.stdin.on('data', (chunk: string) => {
    if (chunk.includes('profile-start')) {
      void post('Profiler.enable')
        .then(() => post('Profiler.setSamplingInterval', { interval: 500 }))
        .then(() => post('Profiler.start'))
        .then(() => console.log(JSON.stringify({ profiling: true })));
      return;
    }
    if (chunk.includes('profile-stop')) {
      void post<{ profile: unknown }>('Profiler.stop').then(({ profile }) => {
        const file = join(process.env.LOGBOOK_DATA_DIR ?? '.', `server-${Date.now()}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        console.log(JSON.stringify({ profile: file }));
      });
      return;
    }
    if (chunk.includes('cpu')) {
      const { user, system } = process.cpuUsage();
      console.log(JSON.stringify({ cpuMicros: user + system }));
      return;
    }
    if (!chunk.includes('exit')) return;
    const memory = process.memoryUsage();
    void app.close().then(() => {
      console.log(JSON.stringify({ closed: true, rssMiB: memory.rss / 2 ** 20 }));
      process.exit(0);
    });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

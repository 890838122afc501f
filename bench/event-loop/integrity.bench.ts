// The integrity check (/health's `store.integrity`) on a SQLite store of BENCH_INTEGRITY_MB:
// in this thread, as it once ran, against the store's worker thread.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteEventStore } from '@logbook/event-store';
import { SqliteStorage } from '@logbook/event-store/sqlite/sqlite-storage';
import { measureStall, ms } from './stall';

async function fill(filename: string, megabytes: number): Promise<void> {
  const store = new SqliteEventStore({ filename });
  const payload = { text: 'x'.repeat(900) };
  let revision = -1;
  for (let batch = 0; statSync(filename).size < megabytes * 2 ** 20; batch++) {
    const events = Array.from({ length: 1000 }, (_, i) => ({ id: crypto.randomUUID(), type: 'Filled', data: { ...payload, i } }));
    await store.append('fill', events, revision < 0 ? 'no_stream' : revision);
    revision += events.length;
  }
  await store.close();
}

export async function benchIntegrity(dir: string, megabytes = Number(process.env.BENCH_INTEGRITY_MB ?? 200)): Promise<void> {
  const filename = join(dir, 'integrity.db');
  await fill(filename, megabytes);
  const size = `${Math.round(statSync(filename).size / 2 ** 20)} MB`;
  console.log(`\nIntegrity check (PRAGMA quick_check) of a ${size} store: the longest the event loop went without a turn`);
  const inThread = new SqliteStorage(filename);
  const main = await measureStall(() => inThread.integrityProblems());
  inThread.close();
  console.log(`  on the event loop: ${ms(main.ms)}, loop stalled ${ms(main.longestStallMs)}`);
  const store = new SqliteEventStore({ filename });
  const worker = await measureStall(() => store.integrityProblems());
  await store.close();
  console.log(`  in the store's worker thread: ${ms(worker.ms)}, loop stalled ${ms(worker.longestStallMs)}`);
}

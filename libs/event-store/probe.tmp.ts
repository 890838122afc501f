import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { SqliteEventStore } from './src';
async function main() {
  rmSync('/tmp/probe/p.db*', { force: true });
  for (const f of ['p.db', 'p.db-wal', 'p.db-shm']) rmSync('/tmp/probe/' + f, { force: true });
  const store = new SqliteEventStore({ filename: '/tmp/probe/p.db' });
  const games = 100, perGame = 300;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: games }, async (_, g) => {
    let rev: number | 'no_stream' = 'no_stream';
    for (let i = 0; i < perGame; i++) {
      const r = await store.append(`game-${g}`, [
        { id: randomUUID(), type: 'OrderGiven', data: { seat: 1, order: 'move', to: [i % 7, i % 5] }, metadata: { commandId: 'x' } },
        { id: randomUUID(), type: 'ShipMoved', data: { ship: 's1', to: [i % 7, i % 5] } },
      ], rev);
      rev = r.nextExpectedRevision;
    }
  }));
  const s = (performance.now() - t0) / 1000;
  console.log('orders/s', Math.round(games * perGame / s), store.commitStats);
  const t1 = performance.now(); let n = 0; let after: bigint | undefined;
  for (;;) { const page = await store.readAll({ fromPosition: after, maxCount: 5000 }); for (const e of page) n++; if (page.length < 5000) break; after = page[page.length-1].position; }
  console.log('read events/s', Math.round(n / ((performance.now() - t1) / 1000)), n);
  await store.close();
}
main();

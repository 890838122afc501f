// `npm run bench -- postgres`: the PostgreSQL store's durable acknowledged orders/s beside a bare
// `pg` loop doing the same inserts in the same run, and read all + fold. On the machine's
// PostgreSQL 15 in a database of its own (dropped after), or BENCH_POSTGRES_URL.
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createEventStore, type PostgresEventStore } from '@logbook/event-store';
import { createTestDatabase, type TestDatabase } from '@logbook/event-store/postgres/testing/test-database';
import { gameStreamId } from '@logbook/game-log';
import { measureOrders, orderEvents, type OrdersResult } from '../orders-throughput.bench';
import { measureReadAndFold } from '../read-fold.bench';

const GAMES = 100;
const ORDERS_PER_GAME = Number(process.env.BENCH_ORDERS_PER_GAME ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The store's pool and the bare loop's: the same number of connections for both. */
const POOL = 8;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The same workload without the store: 100 games, one order in flight each, each order its
 * two events inserted and its stream's head upserted in one autocommit statement (one round
 * trip, one commit), positions from a sequence; no revision check, no idempotence, no lock.
 */
async function bareOrders(url: string, schema: string): Promise<OrdersResult> {
  const pool = new Pool({ connectionString: url, max: POOL, options: '-c synchronous_commit=on' });
  await pool.query(`CREATE SEQUENCE IF NOT EXISTS ${schema}.bare_position`);
  const sql = `WITH w AS (
      INSERT INTO ${schema}.logbook_events (position, stream_id, revision, event_id, type, data, metadata, schema_version)
      VALUES (nextval('${schema}.bare_position'), $1, $2, $3, $4, $5::json, $6::json, 1), (nextval('${schema}.bare_position'), $1, $2 + 1, $7, $8, $9::json, $10::json, 1))
    INSERT INTO ${schema}.logbook_streams (stream_id, last_revision) VALUES ($1, $2 + 1)
    ON CONFLICT (stream_id) DO UPDATE SET last_revision = excluded.last_revision`;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: GAMES }, async (_, g) => {
      const streamId = gameStreamId(`bare-${g}`);
      for (let turn = 0; turn < ORDERS_PER_GAME; turn++) {
        const [a, b] = orderEvents(streamId, turn, (turn % 4) + 1);
        const values = [
          streamId,
          2 * turn,
          a.id,
          a.type,
          JSON.stringify(a.data),
          JSON.stringify(a.metadata),
          b.id,
          b.type,
          JSON.stringify(b.data),
          JSON.stringify(b.metadata),
        ];
        try {
          await pool.query(sql, values);
        } catch {
          failures += 1;
          return;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  const orders = GAMES * ORDERS_PER_GAME - failures;
  return { orders, failures, seconds, ordersPerSecond: orders / seconds };
}

export async function benchPostgres(): Promise<void> {
  let database: TestDatabase | undefined;
  const url = process.env.BENCH_POSTGRES_URL ?? (database = await createTestDatabase('bench')).url;
  console.log(
    `\nPostgreSQL (${url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')}; synchronous_commit=on, group commit, pool of ${POOL}),` +
      ` ${GAMES} games, ${GAMES} orders in flight, 2 events per order`,
  );
  try {
    const rates: number[] = [];
    const bare: number[] = [];
    let read: PostgresEventStore | undefined;
    for (let round = 1; round <= ROUNDS; round++) {
      const schema = `bench_${round}_${randomUUID().slice(0, 6)}`;
      const store = createEventStore({ kind: 'postgres', url: `${url}${url.includes('?') ? '&' : '?'}schema=${schema}` }) as PostgresEventStore;
      await store.ready();
      const result = await measureOrders(store, { games: GAMES, ordersPerGame: ORDERS_PER_GAME, gamePrefix: 'bench-' });
      const { transactions, appends } = store.commitStats;
      rates.push(result.ordersPerSecond);
      // The bare loop writes into a copy of the same tables (made by a store on its own schema).
      const bareStore = createEventStore({ kind: 'postgres', url: `${url}${url.includes('?') ? '&' : '?'}schema=${schema}_bare` }) as PostgresEventStore;
      await bareStore.ready();
      await bareStore.close();
      const driver = await bareOrders(url, `${schema}_bare`);
      bare.push(driver.ordersPerSecond);
      console.log(
        `  round ${round}: store ${int(result.orders)} orders in ${result.seconds.toFixed(2)} s = ${int(result.ordersPerSecond)} acknowledged orders/s,` +
          ` ${result.failures} failed, ${(appends / transactions).toFixed(1)} appends per commit;` +
          ` bare pg loop ${int(driver.ordersPerSecond)} orders/s (${driver.failures} failed)`,
      );
      if (round < ROUNDS) await store.close();
      else read = store;
    }
    const storeRate = median(rates);
    const bareRate = median(bare);
    console.log(`  median: ${int(storeRate)} durable acknowledged orders/s (target >= 10,000)`);
    console.log(
      `  bare pg driver loop, same inserts, same run: ${int(bareRate)} orders/s; store / bare = ${(storeRate / bareRate).toFixed(2)} (target >= 0.8)`,
    );
    if (read) {
      const cold = await measureReadAndFold(read);
      const warm = [];
      for (let i = 0; i < 3; i++) warm.push(await measureReadAndFold(read));
      const r = warm.sort((a, b) => a.eventsPerSecond - b.eventsPerSecond)[1];
      console.log(
        `  read all + fold: ${int(r.events)} events of ${r.streams} games in ${r.seconds.toFixed(2)} s = ${int(r.eventsPerSecond)} events/s` +
          ` (median of 3 warm reads; cold ${int(cold.eventsPerSecond)}/s)`,
      );
      await read.close();
    }
  } finally {
    await database?.drop();
  }
}

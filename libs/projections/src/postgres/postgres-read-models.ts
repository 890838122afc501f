// The read models' home when several Logbook servers share one PostgreSQL: their tables, the
// checkpoints, and one lease per projection (a session-level advisory lock on a connection of its
// own). Only the lease's connection writes a projection's rows and checkpoint, in one transaction:
// when the connection ends the lock is gone and so is the right to write, so a server that lost
// its lease (killed, cut off, its backend terminated) can never write over its successor's rows.
import { Client, Pool, type ClientBase } from 'pg';
import type { OnlineRebuildStatus } from '../runner/generations';
import { MIGRATE_LOCK_CLASS } from '@logbook/event-store';
import { postgresTarget, toStoreError } from '@logbook/event-store/postgres/postgres-connection';

/** What a read-model table hands its projection's next checkpoint transaction. */
export interface StagedWrite {
  /** Runs the writes on the lease's connection, inside the checkpoint's transaction. */
  write(client: ClientBase): Promise<void>;
  /** After the transaction: committed, or rolled back (the rows wait for the next one). */
  done(committed: boolean): void;
}

/** A read-model table of one projection: staged writes, and memory to forget when the lease changes hands. */
export interface ReadModelTable {
  take(): StagedWrite | undefined;
  forget(): void;
}

/** Stand-bys whose readers wait for a position ask the holder, on this channel, to write it now. */
const WANTED_CHANNEL = 'logbook_read_models_wanted';
/** A read model's row in `logbook_read_model_generations` changed (a switch, a rebuild's status or request). */
const GENERATIONS_CHANNEL = 'logbook_read_model_generations';

/**
 * Advisory locks of Logbook's projections: this first key ("LOGB"; the store's are 0x4C470001 and
 * 0x4C470002), the hash of the schema and projection second.
 */
const LOCK_CLASS = 0x4c4f4742;

const lockKey = (name: string): number => {
  // FNV-1a, 31 bits: pg_locks shows the key as an unsigned oid, and a positive one reads the same.
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash & 0x7fffffff;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS logbook_game_states (
  game_id     text COLLATE "C" PRIMARY KEY,
  revision    integer NOT NULL,
  scenario_id text NOT NULL,
  status      text NOT NULL,
  mode        text NOT NULL,
  round       integer NOT NULL,
  act         integer NOT NULL,
  clues       integer NOT NULL,
  clue_goal   integer NOT NULL,
  seats       integer NOT NULL,
  state       json NOT NULL,
  created_at  text COLLATE "C",
  updated_at  text COLLATE "C"
);
CREATE INDEX IF NOT EXISTS logbook_game_states_newest ON logbook_game_states ((coalesce(created_at, '')) DESC, game_id DESC);
CREATE TABLE IF NOT EXISTS logbook_analytics_games (
  game_id     text COLLATE "C" PRIMARY KEY,
  scenario_id text NOT NULL,
  created_at  text COLLATE "C",
  simulated   boolean NOT NULL,
  bot         text,
  players     text[] NOT NULL,
  fold        json NOT NULL
);
CREATE TABLE IF NOT EXISTS logbook_projection_checkpoints (
  projection text PRIMARY KEY,
  position   numeric(20) NOT NULL,
  saved_at   timestamptz NOT NULL,
  saved_by   text NOT NULL
);
CREATE TABLE IF NOT EXISTS logbook_read_model_generations (
  read_model text PRIMARY KEY,
  live       integer NOT NULL,
  rebuild    jsonb
);
ALTER TABLE logbook_read_model_generations ADD COLUMN IF NOT EXISTS rebuild jsonb;`;

/** The read-model tables that hold rows (not checkpoints); a later generation's are these suffixed `_gN`. */
const ROW_TABLES = ['logbook_game_states', 'logbook_analytics_games'] as const;
export type RowTableName = (typeof ROW_TABLES)[number];
const GENERATION_SUFFIX = /^(.+)_g([1-9][0-9]*)$/;

/** A read-model table of `generation`: the first one's name (0, as before generations), or it suffixed `_gN`. */
export const generationTable = (base: RowTableName, generation = 0): string => (generation === 0 ? base : `${base}_g${generation}`);

/**
 * The checkpoint of a read model's generation: the projection's name for the first (as before
 * generations), `name@gN` for a later one, so a generation being built keeps its own while the
 * live one's moves on.
 */
export const checkpointKey = (name: string, generation = 0): string => (generation === 0 ? name : `${name}@g${generation}`);

/** A projection's lease: the lock connection, and who holds it when this server does not. */
export class ProjectionLease {
  private client: Client | undefined;
  private held = false;
  /** Work on the lock connection, one transaction at a time (a live generation and one being built share it). */
  private queue: Promise<unknown> = Promise.resolve();
  /** A checkpoint (`checkpointKey`) this server committed, at `position` (what readers may rely on). */
  onCommitted: (key: string, position: bigint | undefined) => void = () => undefined;
  onLost: () => void = () => undefined;
  /** A stand-by's reader waits for `position` in the shared tables (the holder hears it). */
  onWanted: (position: bigint) => void = () => undefined;

  constructor(
    private readonly db: PostgresReadModelDatabase,
    readonly name: string,
  ) {}

  get isHeld(): boolean {
    return this.held;
  }

  /** Takes the lock if no other session holds it; connects first when needed. */
  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    await this.db.ready;
    const client = this.client ?? (await this.connect());
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [LOCK_CLASS, this.db.lockKeyOf(this.name)]);
    this.held = rows[0]?.locked === true;
    if (this.held) await client.query(`LISTEN ${WANTED_CHANNEL}`);
    return this.held;
  }

  /** Asks the connection whether it is still there (a holder that lost it stops at once). */
  async check(): Promise<void> {
    if (!this.client || !this.held) return;
    try {
      await this.client.query('SELECT 1');
    } catch {
      this.lost();
    }
  }

  /** The server id of whichever session holds the lock, if any. */
  async holder(): Promise<string | undefined> {
    const { rows } = await this.db.query<{ application_name: string }>(
      `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::oid AND l.objid = $2::oid AND l.objsubid = 2
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [LOCK_CLASS, this.db.lockKeyOf(this.name)],
    );
    const name = rows[0]?.application_name;
    return name === undefined ? undefined : name.replace(/^logbook /, '');
  }

  /** Ends the lock connection (the lock goes with it). */
  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    await client?.end().catch(() => undefined);
  }

  /**
   * Runs `job` on the lock connection once the work queued before it has ended: the lease's writes
   * never interleave, and a connection this server no longer holds writes nothing.
   */
  run<T>(job: (client: ClientBase) => Promise<T>): Promise<T> {
    const next = this.queue.then(() => {
      const client = this.client;
      if (!client || !this.held) throw new Error(`read model ${this.name}: this server does not hold its lease, so it may not write it`);
      return job(client);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The rows of every table staged since the last commit and the checkpoint `key`, in one transaction. */
  async commit(key: string, position: bigint | undefined, tables: readonly ReadModelTable[]): Promise<void> {
    await this.run(async (client) => {
      const writes = tables.map((table) => table.take()).filter((write): write is StagedWrite => write !== undefined);
      try {
        await client.query('BEGIN');
        for (const write of writes) await write.write(client);
        if (position === undefined) await client.query('DELETE FROM logbook_projection_checkpoints WHERE projection = $1', [key]);
        else {
          await client.query(
            `INSERT INTO logbook_projection_checkpoints (projection, position, saved_at, saved_by) VALUES ($1, $2, now(), $3)
             ON CONFLICT (projection) DO UPDATE SET position = excluded.position, saved_at = excluded.saved_at, saved_by = excluded.saved_by`,
            [key, position.toString(), this.db.serverId],
          );
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        for (const write of writes) write.done(false);
        throw error;
      }
      for (const write of writes) write.done(true);
    });
    this.onCommitted(key, position);
  }

  private async connect(): Promise<Client> {
    const client = new Client({
      connectionString: this.db.url,
      // pg_stat_activity names the server that holds each lock (GET /health reads it).
      application_name: `logbook ${this.db.serverId}`.slice(0, 63),
      keepAlive: true,
    });
    // Only this connection's end counts: an earlier one, released, may report its end late.
    const ended = () => {
      if (this.client === client) this.lost();
    };
    client.on('error', ended);
    client.on('end', ended);
    client.on('notification', ({ payload }) => {
      const [name, position] = (payload ?? '').split(' ');
      if (name === this.db.qualified(this.name) && position !== undefined && /^\d+$/.test(position)) this.onWanted(BigInt(position));
    });
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      this.client = undefined;
      throw error;
    }
    return client;
  }

  private lost(): void {
    const wasHeld = this.held;
    this.held = false;
    const client = this.client;
    this.client = undefined;
    client?.end().catch(() => undefined);
    if (wasHeld) this.onLost();
  }
}

/**
 * One PostgreSQL database's read models for one server: a small pool for readers, a lease per
 * projection for its writer. The schema is created (once, under a lock) before the first query.
 */
export class PostgresReadModelDatabase {
  private schemaReady: Promise<void> | undefined;
  private readonly pool: Pool;
  private readonly leases = new Map<string, ProjectionLease>();
  /** Each projection's tables, with the generation whose checkpoint they are written with. */
  private readonly tables = new Map<string, { generation: number; table: ReadModelTable }[]>();
  private readonly generationListeners = new Map<string, () => void>();
  private listener: Client | undefined;
  private closed = false;

  /** The connection string of the store's URL, its `?schema=` as the sessions' search path. */
  readonly url: string;
  private readonly schema: string;

  constructor(
    url: string,
    /** Who this server is in `/health` and in `logbook_projection_checkpoints.saved_by`. */
    readonly serverId: string,
  ) {
    const target = postgresTarget(url);
    const parsed = new URL(target.connectionString);
    parsed.searchParams.set('options', `${parsed.searchParams.get('options') ?? ''} -c search_path=${target.schema}`.trim());
    this.url = parsed.toString();
    this.schema = target.schema;
    this.pool = new Pool({ connectionString: this.url, max: 4, connectionTimeoutMillis: 5000, application_name: `logbook ${serverId}`.slice(0, 63) });
    // An idle reader's connection that dies is replaced by the pool; it must not crash the process.
    this.pool.on('error', () => undefined);
    this.ready.catch(() => undefined);
  }

  /** The tables, created once; a failed attempt (the database not up yet) is made again by the next caller. */
  get ready(): Promise<void> {
    this.schemaReady ??= this.createSchema().catch((error: unknown) => {
      this.schemaReady = undefined;
      throw error;
    });
    return this.schemaReady;
  }

  async query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }> {
    await this.ready;
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      // A database that does not answer is the store's 503, as for the log, never a 500.
      throw toStoreError(error);
    }
  }

  /**
   * Rewrites the tables that hold names: a row rewritten by an erasure keeps its old version (the
   * opened name) in the table's pages, and a plain vacuum marks that room free without clearing it
   * (the e2e byte scan finds it), so VACUUM FULL writes new files and unlinks the old. It holds an
   * exclusive lock while it copies (readers wait). A role that may not vacuum them (not their
   * owner) leaves that to autovacuum, which does not clear the bytes (docs/privacy.md).
   */
  async vacuumNames(): Promise<void> {
    // Every generation's tables: the live one, one being built, one retiring (each may hold the names).
    const tables = [...ROW_TABLES, ...(await this.generationTables()).map((t) => t.table)];
    await this.pool.query(`VACUUM FULL ${tables.join(', ')}`).catch(() => undefined);
  }

  /** The live generation of `name` (0 until a rebuild has switched one). */
  async liveGeneration(name: string): Promise<number> {
    const { rows } = await this.query<{ live: number }>('SELECT live FROM logbook_read_model_generations WHERE read_model = $1', [name]);
    return rows[0]?.live ?? 0;
  }

  /** The tables of later generations that exist now (`logbook_game_states_g2`, ...), whoever made them. */
  async generationTables(): Promise<{ table: string; base: string; generation: number }[]> {
    const { rows } = await this.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relname ~ '_g[1-9][0-9]*$'`,
      [this.schema],
    );
    return rows.flatMap(({ table }) => {
      const [, base, generation] = GENERATION_SUFFIX.exec(table) ?? [];
      return base !== undefined && (ROW_TABLES as readonly string[]).includes(base) ? [{ table, base, generation: Number(generation) }] : [];
    });
  }

  /** Makes a generation's table beside the first one's, with its columns and indexes (`LIKE ... INCLUDING ALL`). */
  async createGenerationTable(base: RowTableName, generation: number): Promise<void> {
    if (generation < 1) throw new Error(`generation ${generation}: the first one's tables are made with the schema`);
    await this.query(`CREATE TABLE IF NOT EXISTS ${generationTable(base, generation)} (LIKE ${base} INCLUDING ALL)`);
  }

  /** Drops a later generation's table (a switched-from one after its grace, or one half-built). */
  async dropGenerationTable(base: RowTableName, generation: number): Promise<void> {
    if (generation < 1) throw new Error(`generation ${generation}: the first one's tables are emptied, never dropped`);
    await this.query(`DROP TABLE IF EXISTS ${generationTable(base, generation)}`);
  }

  /** `name`'s row of `logbook_read_model_generations`: its live generation, and its last rebuild's status (or request). */
  async generationRow(name: string): Promise<{ live: number; rebuild: OnlineRebuildStatus | undefined }> {
    const { rows } = await this.query<{ live: number; rebuild: OnlineRebuildStatus | null }>(
      'SELECT live, rebuild FROM logbook_read_model_generations WHERE read_model = $1',
      [name],
    );
    return { live: rows[0]?.live ?? 0, rebuild: rows[0]?.rebuild ?? undefined };
  }

  /**
   * Records a rebuild `request` for whichever server holds the lease, unless one is requested or
   * under way; its generation is the one after the live one. Undefined: one came first.
   */
  async requestRebuild(name: string, request: OnlineRebuildStatus): Promise<OnlineRebuildStatus | undefined> {
    const { rows } = await this.query<{ rebuild: OnlineRebuildStatus }>(
      `WITH recorded AS (
         INSERT INTO logbook_read_model_generations AS g (read_model, live, rebuild) VALUES ($1, 0, jsonb_set($2::jsonb, '{generation}', '1'))
         ON CONFLICT (read_model) DO UPDATE SET rebuild = jsonb_set($2::jsonb, '{generation}', to_jsonb(g.live + 1))
           WHERE g.rebuild IS NULL OR g.rebuild->>'state' IN ('switched', 'failed')
         RETURNING rebuild)
       SELECT rebuild, pg_notify($3, $4) FROM recorded`,
      [name, JSON.stringify(request), GENERATIONS_CHANNEL, this.qualified(name)],
    );
    return rows[0]?.rebuild;
  }

  /** The lease holder writes its rebuild's status where every server reads it (GET /admin/read-models, /health). */
  writeRebuildStatus(name: string, status: OnlineRebuildStatus): Promise<void> {
    return this.lease(name).run(async (client) => {
      await client.query(
        `INSERT INTO logbook_read_model_generations (read_model, live, rebuild) VALUES ($1, 0, $2)
         ON CONFLICT (read_model) DO UPDATE SET rebuild = excluded.rebuild`,
        [name, JSON.stringify(status)],
      );
      await client.query('SELECT pg_notify($1, $2)', [GENERATIONS_CHANNEL, this.qualified(name)]);
    });
  }

  /** Makes the tables of `name`'s generation `generation` (>= 1) on the lease, before its rebuild writes them. */
  prepareGeneration(name: string, tables: readonly RowTableName[], generation: number): Promise<void> {
    if (generation < 1) throw new Error(`generation ${generation}: the first one's tables are made with the schema`);
    return this.lease(name).run(async (client) => {
      for (const base of tables) await client.query(`CREATE TABLE IF NOT EXISTS ${generationTable(base, generation)} (LIKE ${base} INCLUDING ALL)`);
    });
  }

  /**
   * Drops `name`'s generation `generation` on the lease: its tables (the first one's are emptied)
   * and its checkpoint, in one transaction, unless it is live (false): a server shutting down or
   * losing the lease while its switch commits never drops what the others now read.
   */
  dropGeneration(name: string, tables: readonly RowTableName[], generation: number): Promise<boolean> {
    return this.lease(name).run(async (client) => {
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ live: number }>('SELECT live FROM logbook_read_model_generations WHERE read_model = $1', [name]);
        if ((rows[0]?.live ?? 0) === generation) {
          await client.query('ROLLBACK');
          return false;
        }
        for (const base of tables) {
          await client.query(generation === 0 ? `DELETE FROM ${base}` : `DROP TABLE IF EXISTS ${generationTable(base, generation)}`);
        }
        await client.query('DELETE FROM logbook_projection_checkpoints WHERE projection = $1', [checkpointKey(name, generation)]);
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * Makes `generation` live for every server, in one transaction on the lease; the others hear it
   * at the commit (NOTIFY). Returns its checkpoint, what its readers may rely on from now.
   */
  switchGeneration(name: string, generation: number): Promise<bigint | undefined> {
    return this.lease(name).run(async (client) => {
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO logbook_read_model_generations (read_model, live) VALUES ($1, $2)
           ON CONFLICT (read_model) DO UPDATE SET live = excluded.live`,
          [name, generation],
        );
        const { rows } = await client.query<{ position: string }>(
          'SELECT position::text AS position FROM logbook_projection_checkpoints WHERE projection = $1',
          [checkpointKey(name, generation)],
        );
        await client.query('SELECT pg_notify($1, $2)', [GENERATIONS_CHANNEL, this.qualified(name)]);
        await client.query('COMMIT');
        return rows[0] === undefined ? undefined : BigInt(rows[0].position);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * Calls `changed` when `name`'s generations row changes (a NOTIFY on a connection of its own,
   * made on the first call and again by `listen` after it ended). A hint: readers also read the
   * row on the runner's turn, so a lost notification costs a second, never a wrong generation.
   */
  onGenerationsChanged(name: string, changed: () => void): void {
    this.generationListeners.set(this.qualified(name), changed);
    void this.listen().catch(() => undefined);
  }

  /** Connects the notification listener if it is not (the server was down, the connection cut). */
  async listen(): Promise<void> {
    if (this.listener || this.closed || this.generationListeners.size === 0) return;
    const client = new Client({ connectionString: this.url, application_name: `logbook ${this.serverId}`.slice(0, 63), keepAlive: true });
    this.listener = client;
    const ended = () => {
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => undefined);
    };
    client.on('error', ended);
    client.on('end', ended);
    client.on('notification', ({ channel, payload }) => {
      if (channel === GENERATIONS_CHANNEL) this.generationListeners.get(payload ?? '')?.();
    });
    try {
      await this.ready;
      await client.connect();
      await client.query(`LISTEN ${GENERATIONS_CHANNEL}`);
    } catch (error) {
      ended();
      throw error;
    }
    // Closed while connecting: nobody else will end it.
    if (this.closed) ended();
  }

  /** The second key of `name`'s lock: the schema is part of it, so deployments in two schemas of one database never meet. */
  lockKeyOf(name: string): number {
    return lockKey(this.qualified(name));
  }

  /** A projection's name within its schema, for its lock and its NOTIFY payloads. */
  qualified(name: string): string {
    return `${this.schema}.${name}`;
  }

  lease(name: string): ProjectionLease {
    let lease = this.leases.get(name);
    if (!lease) this.leases.set(name, (lease = new ProjectionLease(this, name)));
    return lease;
  }

  /** A table written with the checkpoints of `name`'s generation `generation`. */
  register(name: string, table: ReadModelTable, generation = 0): void {
    this.tables.set(name, [...(this.tables.get(name) ?? []), { generation, table }]);
  }

  /** Stops writing `table` with `name`'s checkpoints (its generation was dropped). */
  unregister(name: string, table: ReadModelTable): void {
    this.tables.set(
      name,
      (this.tables.get(name) ?? []).filter((entry) => entry.table !== table),
    );
  }

  holds(name: string): boolean {
    return this.leases.get(name)?.isHeld ?? false;
  }

  /** Drops what this server keeps in memory of `name`'s tables: another server may have written them. */
  forget(name: string): void {
    for (const { table } of this.tables.get(name) ?? []) table.forget();
  }

  /** Tells whichever server holds `name` that a reader here waits for `position` (a hint: the checkpoint is the truth). */
  async want(name: string, position: bigint): Promise<void> {
    await this.query('SELECT pg_notify($1, $2)', [WANTED_CHANNEL, `${this.qualified(name)} ${position}`]);
  }

  async checkpoint(name: string, generation = 0): Promise<bigint | undefined> {
    const { rows } = await this.query<{ position: string }>('SELECT position::text AS position FROM logbook_projection_checkpoints WHERE projection = $1', [
      checkpointKey(name, generation),
    ]);
    return rows[0] === undefined ? undefined : BigInt(rows[0].position);
  }

  /**
   * The staged rows and checkpoint (undefined: forgotten, a rebuild) of `name`'s generation
   * `generation`, in one transaction on the projection's lease (one lease, whichever generation).
   */
  commit(name: string, position: bigint | undefined, generation = 0): Promise<void> {
    const tables = (this.tables.get(name) ?? []).filter((entry) => entry.generation === generation).map((entry) => entry.table);
    return this.lease(name).commit(checkpointKey(name, generation), position, tables);
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await Promise.all([...this.leases.values()].map((lease) => lease.release()));
    await this.pool.end().catch(() => undefined);
  }

  private async createSchema(): Promise<void> {
    try {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        // The store's migration lock: servers starting together, and the store creating the same schema, go one at a time.
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MIGRATE_LOCK_CLASS, this.schema]);
        // CREATE SCHEMA needs the CREATE right on the database even when the schema exists: ask first.
        const exists = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [this.schema]);
        if (exists.rowCount === 0) await client.query(`CREATE SCHEMA "${this.schema}"`);
        await client.query(SCHEMA);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    } catch (error) {
      throw new Error(`read models on PostgreSQL (LOGBOOK_POSTGRES_URL): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

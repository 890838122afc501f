// The personal-data keys of a PostgreSQL store: tables of the store's schema, read on every use
// (`shared`), so an erasure on one server holds on every server at once. Every read of an event
// that names someone reads them (a game's first load folds its first event), so their failures
// are the store's: PostgreSQL away (a restart, a session it ended) rejects with
// EventStoreUnavailableError, which the server answers 503 like any store it cannot reach.
import { Client, Pool, type QueryResult, type QueryResultRow } from 'pg';
import { MIGRATE_LOCK_CLASS, postgresTarget } from '@logbook/event-store';
import { mapped } from '@logbook/event-store/postgres/postgres-connection';
import type { PersonalDataKeys, SubjectKey } from '@logbook/game-log';

/**
 * One simple-protocol query, so one transaction: under the store's migration lock, so servers
 * whose first use comes at once do not race to create the same table (two concurrent `CREATE
 * TABLE IF NOT EXISTS` can both miss it, and the second fails on `pg_type`'s unique index).
 */
const schemaSql = (schema: string) => `
SELECT pg_advisory_xact_lock(${MIGRATE_LOCK_CLASS}, hashtext('${schema}'));
CREATE TABLE IF NOT EXISTS logbook_personal_data_keys (
  subject   text COLLATE "C" PRIMARY KEY,
  key       bytea,
  forgotten timestamptz
);
CREATE TABLE IF NOT EXISTS logbook_personal_data_uses (
  subject text COLLATE "C" NOT NULL,
  game_id text COLLATE "C" NOT NULL,
  PRIMARY KEY (subject, game_id)
)`;

/** Erasures are announced on this channel, the payload `<schema>:<subject>` (servers of other schemas ignore them). */
const ERASURES_CHANNEL = 'logbook_erasures';

export class PostgresPersonalDataKeys implements PersonalDataKeys {
  readonly shared = true;
  private readonly pool: Pool;
  private readonly url: string;
  private readonly schemaName: string;
  private ready: Promise<void> | undefined;
  private closed = false;
  private readonly listeners: Array<(subject: string) => void> = [];
  private listening: Client | undefined;

  constructor(url: string) {
    const target = postgresTarget(url);
    const parsed = new URL(target.connectionString);
    parsed.searchParams.set('options', `${parsed.searchParams.get('options') ?? ''} -c search_path=${target.schema}`.trim());
    this.url = parsed.toString();
    this.schemaName = target.schema;
    this.pool = new Pool({ connectionString: this.url, max: 2, connectionTimeoutMillis: 5000, application_name: 'logbook keys' });
    this.pool.on('error', () => undefined);
  }

  onForget(listener: (subject: string) => void): void {
    this.listeners.push(listener);
    if (this.listeners.length === 1) this.listen(0);
  }

  /**
   * The LISTEN connection, opened again (after `delayMs`, backing off) when it ends. An erasure
   * announced while it is away is not heard: that server keeps what it had opened until it drops
   * it or restarts (docs/privacy.md).
   */
  private listen(delayMs: number): void {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      const client = new Client({ connectionString: this.url, application_name: 'logbook erasures' });
      const retry = () => {
        if (this.listening === client) this.listening = undefined;
        client.end().catch(() => undefined);
        this.listen(Math.min(Math.max(delayMs * 2, 250), 5000));
      };
      client.on('error', retry);
      client.on('notification', ({ payload }) => {
        const prefix = `${this.schemaName}:`;
        if (!payload?.startsWith(prefix)) return;
        for (const listener of this.listeners) listener(payload.slice(prefix.length));
      });
      client
        .connect()
        .then(() => client.query(`LISTEN ${ERASURES_CHANNEL}`))
        .then(() => {
          if (this.closed) return void client.end().catch(() => undefined);
          this.listening = client;
          client.on('end', () => !this.closed && retry());
        }, retry);
    }, delayMs).unref();
  }

  private schema(): Promise<void> {
    this.ready ??= this.query(schemaSql(this.schemaName)).then(
      () => undefined,
      (error: unknown) => {
        this.ready = undefined;
        throw error;
      },
    );
    return this.ready;
  }

  /** A query on the pool, rejecting with the store's error when PostgreSQL is away. */
  private query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
    return mapped(this.pool.query<R>(text, values));
  }

  async find(subject: string): Promise<SubjectKey | undefined> {
    await this.schema();
    const { rows } = await this.query<{ key: Buffer | null }>('SELECT key FROM logbook_personal_data_keys WHERE subject = $1', [subject]);
    return rows.length === 0 ? undefined : (rows[0].key ?? 'forgotten');
  }

  async create(subject: string, key: Buffer): Promise<SubjectKey> {
    await this.schema();
    await this.query('INSERT INTO logbook_personal_data_keys (subject, key) VALUES ($1, $2) ON CONFLICT (subject) DO NOTHING', [subject, key]);
    return (await this.find(subject)) ?? key;
  }

  async forget(subject: string): Promise<void> {
    await this.schema();
    await this.query(
      `INSERT INTO logbook_personal_data_keys (subject, key, forgotten) VALUES ($1, NULL, now())
       ON CONFLICT (subject) DO UPDATE SET key = NULL, forgotten = now()`,
      [subject],
    );
    await this.query('SELECT pg_notify($1, $2)', [ERASURES_CHANNEL, `${this.schemaName}:${subject}`]);
    // The old row version keeps the key's bytes in the table's pages: a plain vacuum marks its room
    // free without clearing it, so the table is rewritten (VACUUM FULL: the old file is unlinked).
    // A role that may not vacuum the table (not its owner) leaves that to autovacuum (docs/privacy.md).
    await this.query('VACUUM FULL logbook_personal_data_keys').catch(() => undefined);
  }

  async noteUse(subject: string, gameId: string): Promise<void> {
    await this.schema();
    await this.query('INSERT INTO logbook_personal_data_uses (subject, game_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [subject, gameId]);
  }

  async gamesOf(subject: string): Promise<string[]> {
    await this.schema();
    const { rows } = await this.query<{ game_id: string }>('SELECT game_id FROM logbook_personal_data_uses WHERE subject = $1', [subject]);
    return rows.map((r) => r.game_id);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.listening?.end().catch(() => undefined);
    await this.pool.end();
  }
}

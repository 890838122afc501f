// A real PostgreSQL for the specs: every spec file gets its own database, so two test runs (or two
// spec files) side by side never see each other's tables. The server is the machine's PostgreSQL 15
// (`pg_ctlcluster 15 main start`); when it is not running and the specs run as root, it is started
// here, and the test role is created. Anything else fails loudly: these specs never skip.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Where the specs' PostgreSQL answers, as a role that may create databases. */
export const TEST_POSTGRES_URL = process.env.LOGBOOK_TEST_POSTGRES_URL ?? 'postgres://logbook:logbook@127.0.0.1:5432/postgres';

const urlWithDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

async function canConnect(url: string): Promise<unknown> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/** Starts the machine's cluster and creates the test role (as root only; idempotent). */
function startLocalCluster(): void {
  execFileSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'pipe' });
}

function createTestRole(url: string): void {
  const { username, password } = new URL(url);
  const sql =
    `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${username}') THEN ` +
    `CREATE ROLE "${username}" LOGIN CREATEDB PASSWORD '${decodeURIComponent(password)}'; END IF; END $$;`;
  execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], { stdio: 'pipe' });
}

let ready: Promise<void> | undefined;

/** Resolves when the test server accepts the test role; throws a message saying how to start it. */
export function ensureTestPostgres(): Promise<void> {
  ready ??= (async () => {
    let problem = await canConnect(TEST_POSTGRES_URL);
    if (problem === undefined) return;
    if (isRoot() && process.env.LOGBOOK_TEST_POSTGRES_URL === undefined) {
      const code = (problem as { code?: string }).code;
      if (code === 'ECONNREFUSED' || code === 'ENOENT') startLocalCluster();
      createTestRole(TEST_POSTGRES_URL);
      problem = await canConnect(TEST_POSTGRES_URL);
      if (problem === undefined) return;
    }
    const reason = problem instanceof Error ? problem.message : String(problem);
    throw new Error(
      `These specs need PostgreSQL at ${TEST_POSTGRES_URL} (${reason}). Start it with \`pg_ctlcluster 15 main start\` as root, ` +
        'or set LOGBOOK_TEST_POSTGRES_URL to a role that may create databases.',
    );
  })();
  return ready;
}

export interface TestDatabase {
  /** Connection string of the new, empty database. */
  readonly url: string;
  readonly name: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/** Creates an empty database of its own for one spec file (or one test). */
export async function createTestDatabase(label = 'spec'): Promise<TestDatabase> {
  await ensureTestPostgres();
  const name = `logbook_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: urlWithDatabase(TEST_POSTGRES_URL, name),
    name,
    async drop() {
      // Tried again a bounded number of times: FORCE may not end an autovacuum worker that is busy
      // in the database (42501: not our role's process; it finishes soon), and the restart spec
      // restarts the machine's shared cluster beside the other specs, which ends or refuses this
      // connection for a moment (57P01, 57P03, ECONNREFUSED): then a new one is opened.
      for (let attempt = 1; ; attempt++) {
        const client = new Client({ connectionString: TEST_POSTGRES_URL });
        client.on('error', () => undefined);
        try {
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          return;
        } catch (error) {
          if (!mayDropLater(error) || attempt >= 40) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        } finally {
          await client.end().catch(() => undefined);
        }
      }
    },
  };
}

/** A failed drop that may succeed in a moment: a busy autovacuum worker, or the cluster restarting. */
function mayDropLater(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === '42501' || code === '57P01' || code === '57P03' || code === 'ECONNREFUSED' || code === 'ECONNRESET') return true;
  return typeof message === 'string' && /Connection terminated/.test(message);
}

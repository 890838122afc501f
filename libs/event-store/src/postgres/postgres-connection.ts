import type { PoolConfig } from 'pg';
import { EventStoreAccessDeniedError, EventStoreUnavailableError } from '../errors';

export const STORE_NAME = 'postgres';

/** Where a store's tables live and how its sessions connect. */
export interface PostgresTarget {
  /** The connection string handed to `pg` (without Logbook's own `schema` parameter). */
  connectionString: string;
  /** The schema that holds the store's tables (`?schema=` in the URL; default `public`). */
  schema: string;
  /** The URL with its password masked, for messages. */
  shown: string;
}

/** At most 48 characters: the NOTIFY channel `logbook_events.<schema>` must fit PostgreSQL's 63-byte names. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,47}$/;

/**
 * Reads a `postgres://` URL. `?schema=name` (lower case letters, digits, `_`) puts the store's
 * tables in a schema of their own, so read models and other stores can share the database.
 * Every session asks for `synchronous_commit=on` (PostgreSQL's default, but a role or database
 * may have turned it off): an append is acknowledged only once its commit record is on disk.
 */
export function postgresTarget(url: string): PostgresTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('is not a URL (expected postgres://user:password@host:5432/database)');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(`must start with postgres:// (got ${parsed.protocol}//)`);
  }
  const schema = parsed.searchParams.get('schema') ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`schema ${JSON.stringify(schema)} must be lower case letters, digits and _, at most 48 of them`);
  parsed.searchParams.delete('schema');
  const options = parsed.searchParams.get('options');
  parsed.searchParams.set('options', `${options ? `${options} ` : ''}-c synchronous_commit=on`);
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return { connectionString: parsed.toString(), schema, shown: shown.toString() };
}

export function poolConfig(target: PostgresTarget, max: number): PoolConfig {
  return {
    connectionString: target.connectionString,
    max,
    // A server that does not answer must not hold an order for minutes: it becomes a 503 (the
    // outcome of a commit whose answer never came is unknown, and a resend is safe).
    connectionTimeoutMillis: 5000,
    query_timeout: 30_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'logbook',
  };
}

/** SQLSTATE classes and codes that mean "the server is gone or not accepting us yet". */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', '08007']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOENT']);
const ACCESS_CODES = new Set(['28P01', '28000', '3D000']);

/** Whether `error` says the connection, not the statement, failed (the outcome of a commit is then unknown). */
export function isConnectionError(error: unknown): boolean {
  // Duck-typed, not `instanceof Error`: socket errors are made by Node's own realm, which is not
  // the realm of code run under a VM context (Jest).
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code))) return true;
  // pg's own words when the socket ends under a query, or a query is sent on a broken client.
  return (
    typeof message === 'string' &&
    /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Query read timeout|Client was closed/i.test(message)
  );
}

/** An error's message, whichever realm made it. */
export const messageOf = (error: unknown): string =>
  typeof (error as { message?: unknown } | null)?.message === 'string' ? (error as { message: string }).message : String(error);

/** The port's error for a driver error, when it has one (unavailable, access denied); else the error itself. */
export function toStoreError(error: unknown): unknown {
  if (error instanceof EventStoreUnavailableError || error instanceof EventStoreAccessDeniedError) return error;
  if (isConnectionError(error)) return new EventStoreUnavailableError(STORE_NAME, error);
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && ACCESS_CODES.has(code)) {
    return new EventStoreAccessDeniedError(STORE_NAME, 'Check the role, password and database in the connection URL.', error);
  }
  return error;
}

/** Runs `work`, rejecting with the port's error where one applies. */
export const mapped = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw toStoreError(error);
  });

// Configuration from the environment, validated once at start-up. Nothing is required:
// with no variables the server listens on 3000 and stores in ./data/logbook.sqlite.
import { plainToInstance, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { EventStoreConfig } from '@logbook/event-store';
import { PERSONAL_DATA_KEYS_FILE, personalDataKeysBeside, type PersonalDataKeysConfig } from './personal-data/keys-config';

export class Environment {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  /** Interface to listen on: 127.0.0.1 (default, this machine only) or 0.0.0.0 (every interface). */
  @IsOptional()
  @IsString()
  @MinLength(1)
  HOST?: string;

  /** 'on' (default) or 'off': rate limits on game creation and commands (off for benchmarks). */
  @IsOptional()
  @IsIn(['on', 'off'])
  LOGBOOK_RATE_LIMITS?: 'on' | 'off';

  /** Request log level: info (default; one line per request), warn, error or silent. */
  @IsOptional()
  @IsIn(['debug', 'info', 'warn', 'error', 'silent'])
  LOGBOOK_LOG_LEVEL?: 'debug' | 'info' | 'warn' | 'error' | 'silent';

  /** Live feeds one client (address) may hold open at once; default 16. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10000)
  LOGBOOK_MAX_FEEDS_PER_CLIENT?: number;

  /** Games one client address may create, fork or import (counted per process); default 10000. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  LOGBOOK_MAX_GAMES_PER_CLIENT?: number;

  /** Megabytes the data folder may hold before new games, forks and imports are refused (SQLite); unset: no limit. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(16_777_216)
  LOGBOOK_MAX_DATA_MB?: number;

  /** Folder of the embedded SQLite store. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  LOGBOOK_DATA_DIR?: string;

  /** 'sqlite' (default), 'postgres', 'eventstoredb' or 'memory'. */
  @IsOptional()
  @IsIn(['sqlite', 'postgres', 'eventstoredb', 'memory'])
  LOGBOOK_STORE?: 'sqlite' | 'postgres' | 'eventstoredb' | 'memory';

  /** postgres://user:password@host:5432/database, `?schema=name` for a schema of its own (LOGBOOK_STORE=postgres). */
  @IsOptional()
  @IsString()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// URL (postgres://user:password@host:5432/database)' })
  LOGBOOK_POSTGRES_URL?: string;

  /** This server's name among several on one PostgreSQL (GET /health); default host name and process id. */
  @IsOptional()
  @IsString()
  @Matches(/^[\x21-\x7e]{1,48}$/, { message: 'must be 1 to 48 printable characters without spaces' })
  LOGBOOK_SERVER_ID?: string;

  /** esdb://host:2113?tls=false, or a cluster: esdb://n1:2113,n2:2113,n3:2113?tls=false */
  @IsOptional()
  @IsString()
  @MinLength(1)
  EVENTSTORE_CONNECTION_STRING?: string;

  /** 'on' or 'off': freeze every game state the rules finish; default on, off with NODE_ENV=production. */
  @IsOptional()
  @IsIn(['on', 'off'])
  LOGBOOK_FREEZE_STATES?: 'on' | 'off';

  @IsOptional()
  @IsString()
  NODE_ENV?: string;

  /** The operators' bearer token (whole exports, imports, forks of any game); unset = no operator. */
  @IsOptional()
  @IsString()
  @MinLength(16)
  LOGBOOK_ADMIN_TOKEN?: string;

  /** Where the command line finds the running server (`rebuild --online`); default http://127.0.0.1:<PORT>. */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http:// or https:// URL (http://127.0.0.1:3000)' })
  LOGBOOK_SERVER_URL?: string;

  /**
   * Where the personal-data keys live, when not beside the store: a postgres:// URL or a SQLite file.
   * Servers sharing one EventStoreDB must share it (each would otherwise hold keys of its own).
   */
  @IsOptional()
  @IsString()
  @MinLength(1)
  LOGBOOK_PERSONAL_DATA_KEYS?: string;

  /** 'on' or 'off' (default): spectators (no token) may note finished games; seats and the operator always may. */
  @IsOptional()
  @IsIn(['on', 'off'])
  LOGBOOK_PUBLIC_NOTES?: 'on' | 'off';

  /** 'on' (default) or 'off': GET /metrics in Prometheus' text format. */
  @IsOptional()
  @IsIn(['on', 'off'])
  LOGBOOK_METRICS?: 'on' | 'off';

  /** Bearer token /metrics asks for (the operator token opens it too); unset: /metrics is open, as /health is. */
  @IsOptional()
  @IsString()
  @MinLength(16)
  LOGBOOK_METRICS_TOKEN?: string;

  /** 'on' (default) or 'off': keep snapshots of long games' folds, so they open without folding their whole log. */
  @IsOptional()
  @IsIn(['on', 'off'])
  LOGBOOK_SNAPSHOTS?: 'on' | 'off';

  /** Events a game moves on before its snapshot is written again; default 500. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGBOOK_SNAPSHOT_EVERY?: number;

  /** 'on' (default) or 'off': the server plays the turns of seats played by bots. */
  @IsOptional()
  @IsIn(['on', 'off'])
  LOGBOOK_BOTS?: 'on' | 'off';

  /** Milliseconds a stop (SIGTERM, SIGINT) may take before the process exits regardless; default 10000. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  LOGBOOK_SHUTDOWN_TIMEOUT_MS?: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Rate limits on game creation and commands (LOGBOOK_RATE_LIMITS). */
  rateLimits: boolean;
  maxFeedsPerClient: number;
  /** Games one client address may create, fork or import in this process (LOGBOOK_MAX_GAMES_PER_CLIENT). */
  maxGamesPerClient: number;
  /** The data folder's size past which new games are refused, in MB (LOGBOOK_MAX_DATA_MB; SQLite only). */
  maxDataMb?: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  store: EventStoreConfig;
  /**
   * Where read models and their checkpoints live: a SQLite file, memory with the memory store, or
   * the PostgreSQL of the postgres store (shared by every server; `serverId` names this one).
   */
  readModels: { kind: 'sqlite'; filename: string } | { kind: 'memory' } | { kind: 'postgres'; url: string; serverId: string };
  /** Where the keys that seal the log's personal data live (docs/privacy.md): never in the log. */
  personalDataKeys: PersonalDataKeysConfig;
  /** Freeze the game states the rules finish (a guard against shared states changing). */
  freezeStates: boolean;
  /** LOGBOOK_ADMIN_TOKEN; undefined when no operator token is configured. */
  adminToken?: string;
  /** The running server, as the command line calls it (LOGBOOK_SERVER_URL). */
  serverUrl: string;
  /** Whether spectators may note a finished game (LOGBOOK_PUBLIC_NOTES). */
  publicNotes: boolean;
  /** GET /metrics (LOGBOOK_METRICS) and the bearer token it asks for (LOGBOOK_METRICS_TOKEN). */
  metrics: { enabled: boolean; token?: string };
  /** How long a stop may take before the process exits regardless (LOGBOOK_SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Whether the server plays the bots' turns (LOGBOOK_BOTS). */
  bots: boolean;
  /**
   * Where snapshots of games' folds live (LOGBOOK_SNAPSHOTS, docs/operations.md): a SQLite file of
   * their own in the data folder, memory with the memory store, or none; and how many events a
   * game moves on before its snapshot is written again (LOGBOOK_SNAPSHOT_EVERY).
   */
  snapshots: { kind: 'sqlite'; filename: string; every: number } | { kind: 'memory'; every: number } | { kind: 'off' };
}

/** A configuration that cannot start the server: one line per problem, each naming its variable. */
export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
  }
}

export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { enableImplicitConversion: false });
  const errors = validateSync(env, { skipMissingProperties: false });
  const problems = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`);
  if (env.LOGBOOK_STORE === 'eventstoredb' && !env.EVENTSTORE_CONNECTION_STRING) {
    problems.push('EVENTSTORE_CONNECTION_STRING: needed when LOGBOOK_STORE=eventstoredb');
  }
  if (env.LOGBOOK_STORE === 'postgres' && !env.LOGBOOK_POSTGRES_URL) {
    problems.push('LOGBOOK_POSTGRES_URL: needed when LOGBOOK_STORE=postgres');
  }
  if (env.LOGBOOK_MAX_DATA_MB !== undefined && env.LOGBOOK_STORE !== undefined && env.LOGBOOK_STORE !== 'sqlite') {
    problems.push(`LOGBOOK_MAX_DATA_MB: measures the SQLite store's data folder, not LOGBOOK_STORE=${env.LOGBOOK_STORE}`);
  }
  if (problems.length > 0) throw new ConfigurationError(problems);
  return env;
}

const requireConnectionString = (env: Environment): string => {
  if (!env.EVENTSTORE_CONNECTION_STRING) throw new Error('Invalid configuration: LOGBOOK_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING');
  return env.EVENTSTORE_CONNECTION_STRING;
};

const requirePostgresUrl = (env: Environment): string => {
  if (!env.LOGBOOK_POSTGRES_URL) throw new Error('Invalid configuration: LOGBOOK_STORE=postgres needs LOGBOOK_POSTGRES_URL');
  return env.LOGBOOK_POSTGRES_URL;
};

function storeConfig(env: Environment, dataDir: string): EventStoreConfig {
  switch (env.LOGBOOK_STORE ?? 'sqlite') {
    case 'eventstoredb':
      return { kind: 'eventstoredb', connectionString: requireConnectionString(env) };
    case 'postgres':
      // Start-up errors name the variable, so the operator knows which setting to fix.
      return { kind: 'postgres', url: requirePostgresUrl(env), urlName: 'LOGBOOK_POSTGRES_URL' };
    case 'memory':
      return { kind: 'memory' };
    case 'sqlite':
      return { kind: 'sqlite', filename: join(dataDir, 'logbook.sqlite') };
  }
}

/** A cache, never the truth: beside any store, in a file of its own (the log's tables stay as they are). */
function snapshotsConfig(env: Environment, kind: string, dataDir: string): AppConfig['snapshots'] {
  const every = env.LOGBOOK_SNAPSHOT_EVERY ?? 500;
  if (env.LOGBOOK_SNAPSHOTS === 'off') return { kind: 'off' };
  return kind === 'memory' ? { kind: 'memory', every } : { kind: 'sqlite', filename: join(dataDir, 'snapshots.sqlite'), every };
}

export function toAppConfig(env: Environment): AppConfig {
  const kind = env.LOGBOOK_STORE ?? 'sqlite';
  const dataDir = env.LOGBOOK_DATA_DIR ?? join(process.cwd(), 'data');
  const store = storeConfig(env, dataDir);
  // On PostgreSQL the read models live beside the log, shared by every server on it.
  const readModels: AppConfig['readModels'] =
    store.kind === 'postgres'
      ? { kind: 'postgres', url: store.url, serverId: env.LOGBOOK_SERVER_ID ?? `${hostname()}:${process.pid}` }
      : kind === 'memory'
        ? { kind: 'memory' }
        : { kind: 'sqlite', filename: join(dataDir, 'read-models.sqlite') };
  return {
    port: env.PORT ?? 3000,
    host: env.HOST ?? '127.0.0.1',
    rateLimits: env.LOGBOOK_RATE_LIMITS !== 'off',
    maxFeedsPerClient: env.LOGBOOK_MAX_FEEDS_PER_CLIENT ?? 16,
    maxGamesPerClient: env.LOGBOOK_MAX_GAMES_PER_CLIENT ?? 10_000,
    ...(env.LOGBOOK_MAX_DATA_MB !== undefined ? { maxDataMb: env.LOGBOOK_MAX_DATA_MB } : {}),
    logLevel: env.LOGBOOK_LOG_LEVEL ?? 'info',
    store,
    readModels,
    // EventStoreDB has no table of Logbook's to hold them: a file of the data folder does, unless
    // LOGBOOK_PERSONAL_DATA_KEYS names a home every server shares.
    personalDataKeys: env.LOGBOOK_PERSONAL_DATA_KEYS
      ? /^postgres(ql)?:\/\//.test(env.LOGBOOK_PERSONAL_DATA_KEYS)
        ? { kind: 'postgres', url: env.LOGBOOK_PERSONAL_DATA_KEYS }
        : { kind: 'sqlite', filename: env.LOGBOOK_PERSONAL_DATA_KEYS }
      : store.kind === 'eventstoredb'
        ? { kind: 'sqlite', filename: join(dataDir, PERSONAL_DATA_KEYS_FILE) }
        : personalDataKeysBeside(store),
    freezeStates: env.LOGBOOK_FREEZE_STATES ? env.LOGBOOK_FREEZE_STATES === 'on' : env.NODE_ENV !== 'production',
    ...(env.LOGBOOK_ADMIN_TOKEN ? { adminToken: env.LOGBOOK_ADMIN_TOKEN } : {}),
    serverUrl: env.LOGBOOK_SERVER_URL ?? `http://${!env.HOST || env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT ?? 3000}`,
    publicNotes: env.LOGBOOK_PUBLIC_NOTES === 'on',
    metrics: { enabled: env.LOGBOOK_METRICS !== 'off', ...(env.LOGBOOK_METRICS_TOKEN ? { token: env.LOGBOOK_METRICS_TOKEN } : {}) },
    shutdownTimeoutMs: env.LOGBOOK_SHUTDOWN_TIMEOUT_MS ?? 10_000,
    bots: env.LOGBOOK_BOTS !== 'off',
    snapshots: snapshotsConfig(env, kind, dataDir),
  };
}

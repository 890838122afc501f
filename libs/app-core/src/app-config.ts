// Configuration from the environment, validated once at start-up. Nothing is required:
// with no variables the server listens on 3000 and stores in ./data/logbook.sqlite.
import { plainToInstance, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength, validateSync } from 'class-validator';
import { join } from 'node:path';
import type { EventStoreConfig } from '@logbook/event-store';

export class Environment {
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  PORT?: number;

  /** Folder of the embedded SQLite store. */
  @IsOptional() @IsString() @MinLength(1)
  LOGBOOK_DATA_DIR?: string;

  /** 'sqlite' (default) or 'eventstoredb'. */
  @IsOptional() @IsIn(['sqlite', 'eventstoredb', 'memory'])
  LOGBOOK_STORE?: 'sqlite' | 'eventstoredb' | 'memory';

  /** esdb://host:2113?tls=false, or a cluster: esdb://n1:2113,n2:2113,n3:2113?tls=false */
  @IsOptional() @IsString() @MinLength(1)
  EVENTSTORE_CONNECTION_STRING?: string;

  /** 'on' or 'off': freeze every game state the rules finish; default on, off with NODE_ENV=production. */
  @IsOptional() @IsIn(['on', 'off'])
  LOGBOOK_FREEZE_STATES?: 'on' | 'off';

  @IsOptional() @IsString()
  NODE_ENV?: string;

  /** The operators' bearer token (whole exports, imports, forks of any game); unset = no operator. */
  @IsOptional() @IsString() @MinLength(16)
  LOGBOOK_ADMIN_TOKEN?: string;
}

export interface AppConfig {
  port: number;
  store: EventStoreConfig;
  /** Where read models and their checkpoints live: a SQLite file, or memory with the memory store. */
  readModels: { kind: 'sqlite'; filename: string } | { kind: 'memory' };
  /** Freeze the game states the rules finish (a guard against shared states changing). */
  freezeStates: boolean;
  /** LOGBOOK_ADMIN_TOKEN; undefined when no operator token is configured. */
  adminToken?: string;
}

export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { enableImplicitConversion: false });
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length > 0) {
    const details = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`);
    throw new Error(`Invalid configuration: ${details.join('; ')}`);
  }
  if (env.LOGBOOK_STORE === 'eventstoredb' && !env.EVENTSTORE_CONNECTION_STRING) {
    throw new Error('Invalid configuration: LOGBOOK_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING');
  }
  return env;
}

const requireConnectionString = (env: Environment): string => {
  if (!env.EVENTSTORE_CONNECTION_STRING) throw new Error('Invalid configuration: LOGBOOK_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING');
  return env.EVENTSTORE_CONNECTION_STRING;
};

export function toAppConfig(env: Environment): AppConfig {
  const kind = env.LOGBOOK_STORE ?? 'sqlite';
  const dataDir = env.LOGBOOK_DATA_DIR ?? join(process.cwd(), 'data');
  const store: EventStoreConfig =
    kind === 'eventstoredb'
      ? { kind, connectionString: requireConnectionString(env) }
      : kind === 'memory'
        ? { kind }
        : { kind, filename: join(dataDir, 'logbook.sqlite') };
  const readModels: AppConfig['readModels'] =
    kind === 'memory' ? { kind: 'memory' } : { kind: 'sqlite', filename: join(dataDir, 'read-models.sqlite') };
  const freezeStates = env.LOGBOOK_FREEZE_STATES ? env.LOGBOOK_FREEZE_STATES === 'on' : env.NODE_ENV !== 'production';
  return { port: env.PORT ?? 3000, store, readModels, freezeStates, ...(env.LOGBOOK_ADMIN_TOKEN ? { adminToken: env.LOGBOOK_ADMIN_TOKEN } : {}) };
}

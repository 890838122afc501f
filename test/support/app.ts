// Boots the real Nest application for e2e specs, on a SQLite file in a temporary folder.
import type { INestApplication, LoggerService } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { EventStoreDbEventStore } from '@logbook/event-store/eventstoredb/eventstoredb-event-store';
import { type TestEventStoreDb, startTestEventStoreDb } from '@logbook/event-store/eventstoredb/testing';
import { openPersonalDataKeys, PERSONAL_DATA_KEYS_FILE, sharingGameContent } from '@logbook/app-core';
import { gameEventUpcasters, PersonalDataVault } from '@logbook/game-log';
import { seededRng, type Rng } from '@logbook/rules';
import { AppModule } from '../../apps/server/src/app.module';
import { APP_OPTIONS, configureApp, httpAdapter } from '../../apps/server/src/configure-app';
import { RNG } from '../../apps/server/src/games/rng.provider';
import { contractOf, takeViolations, watchResponse } from './contract';

export interface TestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  dataDir: string;
  close(): Promise<void>;
  /** Closes the app and starts a new one on the same data folder (a server restart). */
  restart(): Promise<TestApp>;
  /** Closes the app and removes its data folder. */
  dispose(): Promise<void>;
}

export const newDataDir = (): string => mkdtempSync(join(tmpdir(), 'logbook-e2e-'));

export const removeDataDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

export interface StartOptions {
  dataDir?: string;
  rng?: Rng;
  /** A store shared with other app instances, as several servers share one EventStoreDB. */
  store?: EventStore;
  /** Rate limits on (as in production); off by default, as tests send far faster than people. */
  rateLimits?: boolean;
  /** The personal-data keys of a store shared with other app instances (servers sharing one EventStoreDB share them: LOGBOOK_PERSONAL_DATA_KEYS). */
  keys?: PersonalDataVault;
  /** LOGBOOK_STORE=postgres on this database, the server named `serverId` among those sharing it. */
  postgres?: { url: string; serverId: string };
  /**
   * Keeps what the app logs as errors (the stack ProblemFilter logs behind a 500), which tests
   * otherwise silence. Nest's logger is one per process (the last app started sets it), so a
   * spec that starts several apps gives each the same log.
   */
  errorLog?: ErrorLog;
}

/** A Nest logger that keeps `error` calls (with their context and stack) and drops the rest. */
export class ErrorLog implements LoggerService {
  readonly entries: string[] = [];

  error(message: unknown, ...rest: unknown[]): void {
    // Nest's Logger passes (message, stack?, context): the context last.
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? String(rest.pop()) : undefined;
    const text = [message, ...rest.filter((part) => part !== undefined)].map((part) => (typeof part === 'string' ? part : inspect(part))).join('\n');
    this.entries.push(`${new Date().toISOString()} ${context ? `[${context}] ` : ''}${text}`);
  }

  log(): void {}
  warn(): void {}
  debug(): void {}
  verbose(): void {}
  fatal(message: unknown, ...rest: unknown[]): void {
    this.error(message, ...rest);
  }

  /** The entries, for a failure message. */
  toString(): string {
    return this.entries.length === 0 ? '(no errors logged)' : this.entries.join('\n');
  }
}

/**
 * `LOGBOOK_E2E_STORE=eventstoredb` runs the specs on EventStoreDB instead: the real client against
 * the protocol-level test server, one server per data folder (so a restart keeps the log).
 */
const testServers = new Map<string, TestEventStoreDb>();
async function eventStoreDbFor(dataDir: string): Promise<EventStore> {
  let server = testServers.get(dataDir);
  if (!server) testServers.set(dataDir, (server = await startTestEventStoreDb()));
  return new EventStoreDbEventStore({ connectionString: server.connectionString, upcasters: gameEventUpcasters() });
}
function closeTestServer(dataDir: string): void {
  testServers.get(dataDir)?.close();
  testServers.delete(dataDir);
}
// Specs that only close() their apps leave their test servers to this.
if (process.env.LOGBOOK_E2E_STORE === 'eventstoredb') afterAll(() => [...testServers.keys()].forEach(closeTestServer));

// Every answer of every app a spec starts is checked against the document (./contract.ts); what
// does not match fails the test that was running.
const failOnViolations = () => {
  const found = takeViolations();
  if (found.length > 0) throw new Error(`Answers that do not match /openapi.json:\n${[...new Set(found)].slice(0, 20).join('\n')}`);
};
afterEach(failOnViolations);
afterAll(failOnViolations);

/** Starts the app on `dataDir` (a fresh temporary folder by default) with a seeded random source. */
export async function startApp(options: StartOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? newDataDir();
  process.env.LOGBOOK_DATA_DIR = dataDir;
  delete process.env.LOGBOOK_STORE;
  delete process.env.LOGBOOK_POSTGRES_URL;
  delete process.env.LOGBOOK_SERVER_ID;
  if (options.postgres) {
    process.env.LOGBOOK_STORE = 'postgres';
    process.env.LOGBOOK_POSTGRES_URL = options.postgres.url;
    process.env.LOGBOOK_SERVER_ID = options.postgres.serverId;
  }
  process.env.LOGBOOK_RATE_LIMITS = options.rateLimits ? 'on' : 'off';
  // Quiet tests: the request log is for operators (LOGBOOK_LOG_LEVEL).
  process.env.LOGBOOK_LOG_LEVEL ??= 'silent';
  let builder = Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(RNG)
    .useValue(options.rng ?? seededRng(42));
  const store = options.store ?? (process.env.LOGBOOK_E2E_STORE === 'eventstoredb' ? await eventStoreDbFor(dataDir) : undefined);
  // Each app its own view of the shared store, as each server opens its own (openEventStore).
  // A shared store's servers share its keys (in memory); EventStoreDB's keys live in the data folder, as a server's do.
  const keys =
    options.keys ??
    (!store || options.store ? undefined : new PersonalDataVault(openPersonalDataKeys({ kind: 'sqlite', filename: join(dataDir, PERSONAL_DATA_KEYS_FILE) })));
  if (store) builder = builder.overrideProvider(EVENT_STORE).useValue(sharingGameContent(store, keys));
  const moduleRef = await builder.compile();
  const created = moduleRef.createNestApplication(httpAdapter(), { ...APP_OPTIONS, logger: options.errorLog ?? false });
  // First of the onRequest hooks, so the answers the edge's own hooks give (rate limits, body refusals) are checked too.
  (created.getHttpAdapter().getInstance() as FastifyInstance).addHook('onRequest', (req, reply, done) => {
    watchResponse(() => contractOf(app), req.method, req.url, reply.raw);
    done();
  });
  const app = configureApp(created);
  await app.init();
  // Fastify takes its routes and plugins once ready (supertest then serves it on its own port).
  await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();
  return {
    app,
    dataDir,
    http: () => request(app.getHttpServer()),
    close: () => app.close(),
    async restart() {
      await app.close();
      return startApp({ ...options, dataDir });
    },
    async dispose() {
      await app.close();
      closeTestServer(dataDir);
      removeDataDir(dataDir);
    },
  };
}

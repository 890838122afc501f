// Boots the real Nest application for e2e specs, on a SQLite file in a temporary folder.
import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  const created = moduleRef.createNestApplication(httpAdapter(), { ...APP_OPTIONS, logger: false });
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

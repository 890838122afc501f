// Stopping without losing an order or leaving a request unanswered. From the signal on, writes
// (and new live feeds) are refused with 503 and Retry-After, so a client sends them again to this
// server once it is back or to another one; the writes already in flight are answered; then the
// application closes: live feeds end with a reconnect hint, the listener closes once the reads in
// flight are answered, the read models write their rows and checkpoints, the store closes and
// gives up its lock.
import { Injectable, type INestApplication } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { READ_MODELS, type ReadModels } from '@logbook/app-core';
import { LiveFeedService } from '../games/live-feed.service';
import { ServerStoppingError, STOPPING_RETRY_AFTER_SECONDS } from './server-stopping.error';

/** The route of the live feeds (long-lived: a new one is refused once the server is stopping). */
const LIVE_FEED_ROUTE = '/games/:gameId/live';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * How long a connection accepted just before the listener closed has to send its request: Node
 * counts it idle until its first bytes are parsed, and closing idle connections at once would
 * reset it with its request unanswered.
 */
const FIRST_REQUEST_GRACE_MS = 250;
/**
 * How long the listener stays open once the orders in flight are answered: a client that just
 * read its answer and sends the next order at once gets a 503 with Retry-After, rather than a
 * connection reset by a listener closing under it.
 */
const LINGER_MS = 250;
const CONNECTIONS_POLL_MS = 25;

@Injectable()
export class GracefulStop {
  private stopping = false;
  private writesInFlight = 0;
  private settled: Array<() => void> = [];
  private readonly writeEnded = (): void => {
    this.writesInFlight -= 1;
    if (this.writesInFlight === 0) for (const resolve of this.settled.splice(0)) resolve();
  };

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Refuses writes and new feeds once stopping; counts the writes in flight until their connection is done with them. */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      const write = !READ_METHODS.has(req.method);
      if (this.stopping) {
        // Every answer from now on closes its connection: no client keeps one to a server going away.
        reply.header('Connection', 'close');
        if (write || req.routeOptions.url === LIVE_FEED_ROUTE) {
          reply.header('Retry-After', String(STOPPING_RETRY_AFTER_SECONDS));
          return done(new ServerStoppingError());
        }
        return done();
      }
      if (write) {
        this.writesInFlight += 1;
        // 'close' comes once the response is sent or the client has gone, whichever happens.
        reply.raw.once('close', this.writeEnded);
      }
      done();
    });
  }

  /** From now on writes and new feeds are refused. */
  begin(): void {
    this.stopping = true;
  }

  /** Resolves once no write is in flight. */
  writesSettled(): Promise<void> {
    if (this.writesInFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.settled.push(resolve));
  }
}

/**
 * The stop, in order. The caller bounds it in time (LOGBOOK_SHUTDOWN_TIMEOUT_MS): an order still
 * running when the process exits was never acknowledged, and every acknowledged one is durable
 * (each commit is fsynced before its answer).
 */
export async function stopGracefully(app: INestApplication, log: (message: string) => void): Promise<void> {
  const stop = app.get(GracefulStop, { strict: false });
  stop.begin();
  log('stopping: new orders are refused (503); waiting for those in flight');
  await stop.writesSettled();
  // The read models catch up with the last order before they write their checkpoints.
  const readModels = app.get<ReadModels | undefined>(READ_MODELS, { strict: false });
  const store = app.get<EventStore>(EVENT_STORE, { strict: false });
  if (readModels) {
    await Promise.all(
      Object.values(readModels.runners).map(async (runner) => {
        if (runner.status !== 'running') return;
        const last = await store.lastPosition(runner.filter).catch(() => undefined);
        if (last !== undefined) await runner.whenHandled(last);
      }),
    );
  }
  log('stopping: orders answered; closing live feeds and the listener');
  app.get(LiveFeedService, { strict: false }).beforeApplicationShutdown();
  await new Promise((resolve) => setTimeout(resolve, LINGER_MS));
  await closeListener(app.getHttpServer() as Server);
  log('stopping: every connection answered; closing the read models and the store');
  await app.close();
}

/**
 * Stops accepting connections (a new one is refused), then lets the connections already
 * accepted finish: each request still gets its answer (a write a 503), with Connection: close.
 * Node's http `close()` would also close every connection that is idle at that instant, among
 * them one accepted a moment ago whose request is not parsed yet, so the listener is closed at
 * the net level and idle connections only after a grace.
 */
async function closeListener(server: Server): Promise<void> {
  if (!server.listening) return;
  // Its callback waits for every connection to end: the loop below is what ends them.
  NetServer.prototype.close.call(server);
  const connections = () => new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
  for (let waited = 0; (await connections()) > 0; waited += CONNECTIONS_POLL_MS) {
    if (waited >= FIRST_REQUEST_GRACE_MS) server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, CONNECTIONS_POLL_MS));
  }
}
